import { Hono } from "hono";
import { CreateRoleSchema, UpdateRoleSchema } from "../schemas/roles";
import { AssignRoleSchema } from "../schemas/users";
import type { ApiEnv, RouteDeps } from "../http/env";
import { createGuard, signedInActor } from "../http/guard";
import { readJsonBody } from "../http/validation";
import {
  assignRole,
  createRole,
  deleteRole,
  listPermissions,
  listRoles,
  updateRole,
} from "../services/roles";

export function roleRoutes({ db, caches }: RouteDeps) {
  const guard = createGuard(db, caches.sessions);

  // A role's new permissions apply on its staff's next request: every successful write empties the
  // session cache (app.ts), and the guard reads the role afresh.
  return new Hono<ApiEnv>()
    .get("/", guard("read:Roles"), async (c) => {
      return c.json(await listRoles(db), 200);
    })
    .post("/", guard("write:Roles"), async (c) => {
      const input = await readJsonBody(c, CreateRoleSchema);
      return c.json(await createRole(db, signedInActor(c), input), 201);
    })
    .put("/:id", guard("write:Roles"), async (c) => {
      const input = await readJsonBody(c, UpdateRoleSchema);
      return c.json(await updateRole(db, signedInActor(c), c.req.param("id"), input), 200);
    })
    .delete("/:id", guard("delete:Roles"), async (c) => {
      await deleteRole(db, signedInActor(c), c.req.param("id"));
      return c.json({ message: "Role deleted successfully" }, 200);
    })
    .post("/:userId/assign", guard("write:Roles"), async (c) => {
      const { roleId } = await readJsonBody(c, AssignRoleSchema);
      await assignRole(db, signedInActor(c), c.req.param("userId"), roleId);
      return c.json({ message: "Designation updated successfully" }, 201);
    });
}

/** The catalogue of permissions a role can be given (`/api/v1/permissions`, as the reference has it). */
export function permissionRoutes({ db, caches }: RouteDeps) {
  const guard = createGuard(db, caches.sessions);
  return new Hono<ApiEnv>().get("/", guard("read:Roles"), async (c) =>
    c.json(await listPermissions(db), 200),
  );
}
