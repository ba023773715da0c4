import type { LoaderFunctionArgs } from "@remix-run/node";
import { UserListQuerySchema, UserListSchema } from "#backend/schemas/users";
import { requireUser } from "~/session.server";
import { loadListPage } from "~/utils/lists.server";

export async function userListLoader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return loadListPage(request, user, {
    section: "settings",
    tab: "users",
    list: { path: "/v1/users", query: UserListQuerySchema, answer: UserListSchema },
    can: { create: "write:Users" },
  });
}
