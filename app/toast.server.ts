import {
  getToast,
  jsonWithError,
  redirectWithError,
  redirectWithSuccess,
  redirectWithWarning,
  setToastCookieOptions,
} from "remix-toast";
import { appConfig } from "./config.server";

// remix-toast 1.x does not sign its cookie; a toast is only ever a message React escapes.
setToastCookieOptions({
  secrets: appConfig().sessionSecrets,
  secure: appConfig().secureCookies,
  sameSite: "lax",
  httpOnly: true,
});

/**
 * The flash toast of this request, if any. Most requests carry none, and remix-toast would still sign
 * and send a fresh cookie for them, so those skip it.
 */
export async function readToast(request: Request) {
  if (!/(?:^|;\s*)toast-session=/.test(request.headers.get("Cookie") ?? ""))
    return { toast: undefined, headers: new Headers() };
  return getToast(request);
}

export { jsonWithError, redirectWithError, redirectWithSuccess, redirectWithWarning };
