import { Hono } from "hono";
import { AssignRoleSchema } from "../schemas/users";
import type { ApiEnv, RouteDeps } from "../http/env";
import { createGuard, signedInActor } from "../http/guard";
import { readJsonBody } from "../http/validation";
import { assignRole, listRoles } from "../services/roles";

export function roleRoutes({ db, caches }: RouteDeps) {
  const guard = createGuard(db, caches.sessions);

  return new Hono<ApiEnv>()
    .get("/", guard("read:Roles"), async (c) => {
      return c.json(await listRoles(db), 200);
    })
    .post("/:userId/assign", guard("write:Roles"), async (c) => {
      const { roleId } = await readJsonBody(c, AssignRoleSchema);
      await assignRole(db, signedInActor(c), c.req.param("userId"), roleId);
      return c.json({ message: "Designation updated successfully" }, 201);
    });
}
