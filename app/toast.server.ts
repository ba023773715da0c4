import { randomUUID } from "node:crypto";
import { createCookieSessionStorage } from "@remix-run/node";
import { createToastUtilsWithCustomSession } from "remix-toast";
import { appConfig } from "./config.server";

// remix-toast's own cookie is not signed, so anyone could plant a message the app shows as its own:
// this one is signed with the session secret, and a tampered cookie reads as no toast.
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

// Requests without a toast skip remix-toast, which would still send a fresh cookie. Each read gets its
// own id: the same message twice in a row (block, then unblock) is two toasts.
export async function readToast(request: Request) {
  if (!/(?:^|;\s*)toast-session=/.test(request.headers.get("Cookie") ?? ""))
    return { toast: undefined, headers: new Headers() };
  const { toast, headers } = await toasts.getToast(request);
  return { toast: toast ? { ...toast, id: randomUUID() } : undefined, headers };
}

export const { redirectWithError, redirectWithSuccess, redirectWithWarning } = toasts;
