import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { RoleListSchema } from "#backend/schemas/roles";
import { apiRead } from "~/api.server";
import { ROLE_PERMISSIONS_PAGE } from "~/features/roles/role-catalogue";
import { requireUser } from "~/session.server";
import { canFlags } from "~/utils/permissions";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  // Bookmarked old-style links (`?role=new`, `?role={id}&confirm=delete`) still reach the drawers.
  const params = new URL(request.url).searchParams;
  const legacy = params.get("role");
  if (legacy) {
    const confirm = params.get("confirm") === "delete" ? "?confirm=delete" : "";
    throw redirect(`${ROLE_PERMISSIONS_PAGE}/${encodeURIComponent(legacy)}${confirm}`);
  }
  const roles = await apiRead(request, "/v1/roles", RoleListSchema);
  return { roles, can: canFlags(user, { write: "write:Roles" }) };
}
