import { Hono } from "hono";
import {
  ChangePasswordSchema,
  CreatePasswordSchema,
  ForgotPasswordSchema,
  LoginSchema,
  ResetPasswordSchema,
} from "../schemas/auth";
import { AddUserSchema } from "../schemas/users";
import { clientAddress } from "../http/client-address";
import type { ApiEnv, RouteDeps } from "../http/env";
import { createGuard, currentSession, signedInActor } from "../http/guard";
import { readJsonBody } from "../http/validation";
import {
  changePassword,
  createInvitedPassword,
  login,
  logout,
  requestPasswordReset,
  resetPassword,
} from "../services/auth";
import { addUser } from "../services/users";

export function authRoutes({ db, config, mailer, caches }: RouteDeps) {
  const guard = createGuard(db, caches.sessions);
  const mailing = { mailer, appUrl: config.appUrl };

  return new Hono<ApiEnv>()
    .post("/login", async (c) => {
      const input = await readJsonBody(c, LoginSchema);
      const { token, user } = await login(db, clientAddress(c), input, config);
      c.header("access_token", token);
      c.header("Access-Control-Expose-Headers", "access_token");
      return c.json(user, 200);
    })
    .post("/logout", guard(), async (c) => {
      await logout(db, signedInActor(c), currentSession(c).tokenId);
      return c.json({ message: "Signed out successfully" }, 200);
    })
    .post("/forgot-password", async (c) => {
      const input = await readJsonBody(c, ForgotPasswordSchema);
      await requestPasswordReset(db, clientAddress(c), input, mailing, config.limits.resetMailsPerAccount);
      return c.json({ message: "A password reset link has been sent to your mail" }, 200);
    })
    .post("/reset-password", async (c) => {
      const input = await readJsonBody(c, ResetPasswordSchema);
      await resetPassword(db, clientAddress(c), input);
      return c.json({ message: "Password Successfully updated" }, 200);
    })
    .post("/create-user-password/:id/:token", async (c) => {
      const input = await readJsonBody(c, CreatePasswordSchema);
      await createInvitedPassword(db, clientAddress(c), c.req.param("id"), c.req.param("token"), input);
      return c.json({ message: "Password Successfully created" }, 200);
    })
    .post("/change-password", guard(), async (c) => {
      const input = await readJsonBody(c, ChangePasswordSchema);
      await changePassword(db, signedInActor(c), currentSession(c).tokenId, input);
      return c.json({ message: "Password Successfully updated" }, 200);
    })
    .post("/add-user", guard("write:Users"), async (c) => {
      const input = await readJsonBody(c, AddUserSchema);
      return c.json(await addUser(db, signedInActor(c), input, mailing), 201);
    });
}
