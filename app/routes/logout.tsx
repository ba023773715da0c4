import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { callApi } from "~/api.server";
import { getSessionData, signOut } from "~/session.server";

/** Logout is a POST (a form in the user menu), so a prefetch or a crawler cannot sign anyone out. */
export async function action({ request }: ActionFunctionArgs) {
  const session = await getSessionData(request);
  // Revoke the token first; if the backend cannot be reached the cookie is still cleared.
  if (session)
    await callApi({ method: "POST", path: "/v1/auth/logout", token: session.token, from: request });
  return signOut(request);
}

export async function loader({ request }: LoaderFunctionArgs) {
  return redirect((await getSessionData(request)) ? "/home" : "/");
}
