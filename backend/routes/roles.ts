import { MessageSchema } from "../schemas/errors";
import type { Operation } from "../http/operation";
import { ok } from "../http/operation";
import { Hono } from "hono";
import {
  CreatePermissionSchema,
  CreateRoleSchema,
  PermissionListSchema,
  PermissionRecordSchema,
  PermissionSubjectsSchema,
  RoleDetailsSchema,
  RoleListSchema,
  RoleWithCountSchema,
  UpdateRoleSchema,
} from "../schemas/roles";
import { AssignRoleSchema } from "../schemas/users";
import type { ApiEnv, RouteDeps } from "../http/env";
import { createGuard, signedInActor } from "../http/guard";
import { readJsonBody } from "../http/validation";
import {
  assignRole,
  createPermission,
  createRole,
  deletePermission,
  deleteRole,
  getRole,
  getRoleDetails,
  listPermissions,
  listRoles,
  permissionSubjects,
  updateRole,
} from "../services/roles";

export const roleOperations: Operation[] = [
  {
    method: "get",
    path: "/api/v1/roles",
    tag: "Roles",
    summary: "All designations with their permissions",
    access: "read:Roles",
    success: ok("Plain array of roles", RoleListSchema),
  },
  {
    method: "post",
    path: "/api/v1/roles/{userId}/assign",
    tag: "Roles",
    summary: "Change a staff member's designation",
    access: "write:Roles",
    body: AssignRoleSchema,
    success: ok("Designation updated", MessageSchema, 201),
    errors: { 404: "Role or user not found" },
  },
  {
    method: "get",
    path: "/api/v1/roles/{id}",
    tag: "Roles",
    summary: "One designation with its permissions and how many staff hold it",
    access: "read:Roles",
    success: ok("The role", RoleWithCountSchema),
    errors: { 404: "Role not found" },
  },
  {
    method: "get",
    path: "/api/v1/roles/more_details/{id}",
    tag: "Roles",
    summary: "One designation with its permissions and the staff who hold it",
    access: "read:Roles",
    success: ok("The role and its staff", RoleDetailsSchema),
    errors: { 404: "Role not found" },
  },
  {
    method: "post",
    path: "/api/v1/roles",
    tag: "Roles",
    summary:
      "Create a role with its permissions (active unless `active: false`); the name is unique (case-insensitive)",
    access: "write:Roles",
    body: CreateRoleSchema,
    success: ok("The new role", RoleWithCountSchema, 201),
  },
  {
    method: "put",
    path: "/api/v1/roles/{id}",
    tag: "Roles",
    summary:
      "Rename, (de)activate or replace the permissions of a role; applies on its staff's next request. " +
      "The admin role keeps its name, stays active and keeps manage:all",
    access: "write:Roles",
    body: UpdateRoleSchema,
    success: ok("The updated role", RoleWithCountSchema),
    errors: { 404: "Role not found" },
  },
  {
    method: "delete",
    path: "/api/v1/roles/{id}",
    tag: "Roles",
    summary: "Remove a role no staff member holds (kept for history); never the admin role",
    access: "delete:Roles",
    success: ok("Deleted", MessageSchema),
    errors: { 400: "The role is still assigned, or is the admin role", 404: "Role not found" },
  },
];

export const permissionOperations: Operation[] = [
  {
    method: "get",
    path: "/api/v1/permissions",
    tag: "Roles",
    summary: "Every permission (action × subject) a role can be given",
    access: "read:Roles",
    success: ok("Plain array of permissions", PermissionListSchema),
  },
  {
    method: "get",
    path: "/api/v1/permissions/subjects",
    tag: "Roles",
    summary:
      "The subjects a role editor offers: all but `all`, `Users` and `Roles`, which administrators give",
    access: "read:Roles",
    success: ok("The subjects", PermissionSubjectsSchema),
  },
  {
    method: "post",
    path: "/api/v1/permissions",
    tag: "Roles",
    summary:
      "Bring back a deleted permission; the catalogue is every action × subject the API knows, so an " +
      "existing pair is refused",
    access: "write:Roles",
    body: CreatePermissionSchema,
    success: ok("The permission", PermissionRecordSchema, 201),
    errors: { 400: "Invalid action or subject, or the permission already exists" },
  },
  {
    method: "delete",
    path: "/api/v1/permissions/{id}",
    tag: "Roles",
    summary:
      "Delete a permission, withdrawing it from every role that holds it; never manage:all. The next start " +
      "puts it back in the catalogue, held by no role",
    access: "delete:Roles",
    success: ok("Deleted", MessageSchema),
    errors: {
      400: "manage:all cannot be deleted",
      403: "A role holding it has full access, and the caller is not an administrator",
      404: "Permission not found",
    },
  },
];

export function roleRoutes({ db, caches }: RouteDeps) {
  const guard = createGuard(db, caches.sessions);

  // A role's new permissions apply on its staff's next request: every successful write empties the
  // session cache (app.ts), and the guard reads the role afresh.
  return new Hono<ApiEnv>()
    .get("/", guard("read:Roles"), async (c) => {
      return c.json(await listRoles(db), 200);
    })
    .get("/more_details/:id", guard("read:Roles"), async (c) => {
      return c.json(await getRoleDetails(db, c.req.param("id")), 200);
    })
    .get("/:id", guard("read:Roles"), async (c) => {
      return c.json(await getRole(db, c.req.param("id")), 200);
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

export function permissionRoutes({ db, caches }: RouteDeps) {
  const guard = createGuard(db, caches.sessions);
  return new Hono<ApiEnv>()
    .get("/", guard("read:Roles"), async (c) => c.json(await listPermissions(db), 200))
    .get("/subjects", guard("read:Roles"), async (c) => c.json(permissionSubjects(), 200))
    .post("/", guard("write:Roles"), async (c) => {
      const input = await readJsonBody(c, CreatePermissionSchema);
      return c.json(await createPermission(db, signedInActor(c), input), 201);
    })
    .delete("/:id", guard("delete:Roles"), async (c) => {
      await deletePermission(db, signedInActor(c), c.req.param("id"));
      return c.json({ message: "Permission deleted successfully" }, 200);
    });
}
