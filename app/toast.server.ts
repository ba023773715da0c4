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

export { getToast, jsonWithError, redirectWithError, redirectWithSuccess, redirectWithWarning };
