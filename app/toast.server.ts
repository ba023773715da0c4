import { randomUUID } from "node:crypto";
import { createCookieSessionStorage } from "@remix-run/node";
import { createToastUtilsWithCustomSession } from "remix-toast";
import { appConfig } from "./config.server";

/**
 * The flash toast shown after a redirect. remix-toast's own cookie is not signed (its "signature" is an
 * empty string), so anyone could plant a message the app would show as its own: it runs on a cookie
 * session signed with the session secret instead, and a forged or tampered cookie reads as no toast.
 */
const toastStorage = createCookieSessionStorage({
  cookie: {
    name: "toast-session",
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secrets: appConfig().sessionSecrets,
    secure: appConfig().secureCookies,
  },
});

const toasts = createToastUtilsWithCustomSession(toastStorage);

/**
 * The flash toast of this request, if any. Most requests carry none, and remix-toast would still sign
 * and send a fresh cookie for them, so those skip it. Each toast read gets its own id: the same message
 * twice in a row (block, then unblock) is two toasts, not one the browser already closed.
 */
export async function readToast(request: Request) {
  if (!/(?:^|;\s*)toast-session=/.test(request.headers.get("Cookie") ?? ""))
    return { toast: undefined, headers: new Headers() };
  const { toast, headers } = await toasts.getToast(request);
  return { toast: toast ? { ...toast, id: randomUUID() } : undefined, headers };
}

export const { redirectWithError, redirectWithSuccess, redirectWithWarning } = toasts;
