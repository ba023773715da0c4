import { MessageSchema } from "../schemas/errors";
import type { Operation } from "../http/operation";
import { ok } from "../http/operation";
import { Hono } from "hono";
import type { UserList, UserListQuery } from "../schemas/users";
import {
  ProfileSchema,
  UpdateUserSchema,
  UserListQuerySchema,
  UserListSchema,
  UserRecordSchema,
} from "../schemas/users";
import type { ApiEnv, RouteDeps } from "../http/env";
import { createGuard, currentSession, signedInActor } from "../http/guard";
import type { ListSource } from "../http/list-route";
import { listAnswer } from "../http/list-route";
import { readJsonBody, readQuery } from "../http/validation";
import { countUsers, deleteUser, getUser, listUsers, updateOwnProfile, updateUser } from "../services/users";

export const userOperations: Operation[] = [
  {
    method: "get",
    path: "/api/v1/users",
    tag: "Staff",
    summary: "Staff list, newest first",
    access: "read:Users",
    query: UserListQuerySchema,
    success: ok("One page of staff", UserListSchema),
  },
  {
    method: "patch",
    path: "/api/v1/users",
    tag: "Staff",
    summary: "Update the caller's own profile",
    access: "signed-in",
    body: ProfileSchema,
    success: ok("The updated record", UserRecordSchema),
  },
  {
    method: "get",
    path: "/api/v1/users/single",
    tag: "Staff",
    summary: "The caller's own record",
    access: "signed-in",
    success: ok("The caller", UserRecordSchema),
  },
  {
    method: "get",
    path: "/api/v1/users/single/{id}",
    tag: "Staff",
    summary: "One staff member",
    access: "read:Users",
    success: ok("The staff member", UserRecordSchema),
    errors: { 404: "User not found" },
  },
  {
    method: "patch",
    path: "/api/v1/users/{id}",
    tag: "Staff",
    summary: "Update a staff member's profile or block flag; blocking signs them out",
    access: "write:Users",
    body: UpdateUserSchema,
    success: ok("The updated record", UserRecordSchema),
    errors: { 404: "User not found" },
  },
  {
    method: "delete",
    path: "/api/v1/users/{id}",
    tag: "Staff",
    summary: "Remove a staff member (kept for history, hidden everywhere)",
    access: "delete:Users",
    success: ok("Deleted", MessageSchema),
    errors: { 404: "User not found" },
  },
];

export function userRoutes({ db, caches }: RouteDeps) {
  const guard = createGuard(db, caches.sessions);
  const userList: ListSource<UserListQuery, UserList> = {
    count: (query) => countUsers(db, query),
    list: (query, total) => listUsers(db, query, total),
  };

  return new Hono<ApiEnv>()
    .get("/", guard("read:Users"), (c) => listAnswer(c, readQuery(c, UserListQuerySchema), userList))
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
