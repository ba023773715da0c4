import { MessageSchema } from "../schemas/errors";
import { UserRecordSchema } from "../schemas/users";
import type { Operation } from "../http/operation";
import { ok } from "../http/operation";
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

export const authOperations: Operation[] = [
  {
    method: "post",
    path: "/api/v1/auth/login",
    tag: "Auth",
    summary: "Sign in with e-mail and password",
    access: "public",
    body: LoginSchema,
    success: {
      ...ok("The signed-in staff member with role and permissions", UserRecordSchema),
      headers: { access_token: "The bearer token for later calls" },
    },
    errors: { 401: "Invalid credentials provided", 403: "The account is blocked" },
  },
  {
    method: "post",
    path: "/api/v1/auth/logout",
    tag: "Auth",
    summary: "Revoke the token of this call",
    access: "signed-in",
    success: ok("Signed out", MessageSchema),
  },
  {
    method: "post",
    path: "/api/v1/auth/forgot-password",
    tag: "Auth",
    summary: "E-mail a password reset link (answers the same for unknown addresses)",
    access: "public",
    body: ForgotPasswordSchema,
    success: ok("Accepted", MessageSchema),
  },
  {
    method: "post",
    path: "/api/v1/auth/reset-password",
    tag: "Auth",
    summary: "Set a new password with an e-mailed reset token; signs the user out everywhere",
    access: "public",
    body: ResetPasswordSchema,
    success: ok("Password updated", MessageSchema),
    errors: { 400: "Invalid or expired token, or invalid body" },
  },
  {
    method: "post",
    path: "/api/v1/auth/create-user-password/{id}/{token}",
    tag: "Auth",
    summary: "Set the first password with the invitation token; activates the account",
    access: "public",
    body: CreatePasswordSchema,
    success: ok("Password created", MessageSchema),
    errors: { 400: "Invalid or expired token, or invalid body" },
  },
  {
    method: "post",
    path: "/api/v1/auth/change-password",
    tag: "Auth",
    summary: "Change the caller's password; other sessions are signed out",
    access: "signed-in",
    body: ChangePasswordSchema,
    success: ok("Password updated", MessageSchema),
  },
  {
    method: "post",
    path: "/api/v1/auth/add-user",
    tag: "Staff",
    summary: "Create a staff member and e-mail them an invitation",
    access: "write:Users",
    body: AddUserSchema,
    success: ok("The new, inactive staff member", UserRecordSchema, 201),
  },
];

export function authRoutes({ db, config, mailer, caches, later }: RouteDeps) {
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
      await requestPasswordReset(
        db,
        clientAddress(c),
        input,
        mailing,
        config.limits.resetMailsPerAccount,
        later,
      );
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
