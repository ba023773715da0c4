import { Hono } from "hono";
import { ProfileSchema, UpdateUserSchema, UserListQuerySchema } from "../schemas/users";
import type { ApiEnv, RouteDeps } from "../http/env";
import { createGuard, currentSession, signedInActor } from "../http/guard";
import { readJsonBody, readQuery } from "../http/validation";
import { deleteUser, getUser, listUsers, updateOwnProfile, updateUser } from "../services/users";

export function userRoutes({ db, caches }: RouteDeps) {
  const guard = createGuard(db, caches.sessions);

  return new Hono<ApiEnv>()
    .get("/", guard("read:Users"), async (c) => {
      return c.json(await listUsers(db, readQuery(c, UserListQuerySchema)), 200);
    })
    .patch("/", guard(), async (c) => {
      const input = await readJsonBody(c, ProfileSchema);
      return c.json(await updateOwnProfile(db, signedInActor(c), input), 200);
    })
    .get("/single", guard(), async (c) => {
      return c.json(await getUser(db, currentSession(c).userId), 200);
    })
    .get("/single/:id", guard("read:Users"), async (c) => {
      return c.json(await getUser(db, c.req.param("id")), 200);
    })
    .patch("/:id", guard("write:Users"), async (c) => {
      const input = await readJsonBody(c, UpdateUserSchema);
      return c.json(await updateUser(db, signedInActor(c), c.req.param("id"), input), 200);
    })
    .delete("/:id", guard("delete:Users"), async (c) => {
      await deleteUser(db, signedInActor(c), c.req.param("id"));
      return c.json({ message: "User deleted successfully" }, 200);
    });
}
