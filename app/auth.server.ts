import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { LoginSchema } from "#backend/schemas/auth";
import { UserRecordSchema } from "#backend/schemas/users";
import { callApi, parseAnswer } from "./api.server";
import type { SessionData } from "./session.server";
import { toSessionUser } from "./session.server";
import { MESSAGES, firstMessage } from "./utils/error-catalogue";

/** Why a sign-in failed, worded for the 'Login failed: {message}' toast, with the API's status. */
export class LoginError extends Error {
  constructor(
    message: string,
    readonly status = 401,
  ) {
    super(message);
  }
}

export const authenticator = new Authenticator<SessionData>();

authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const credentials = LoginSchema.parse({ email: form.get("email"), password: form.get("password") });
    const answer = await callApi({
      method: "POST",
      path: "/v1/auth/login",
      body: credentials,
      from: request,
    });
    if (!answer.ok) {
      const { status, message } = answer.failure;
      throw new LoginError(
        status === 0 ? MESSAGES.offlineTitle : (firstMessage(message) ?? ""),
        status === 0 ? 503 : status,
      );
    }
    const token = answer.headers.get("access_token");
    const parsed = parseAnswer(UserRecordSchema, answer, "/v1/auth/login");
    if (!token || !parsed.ok) throw new LoginError("Unexpected answer from the server");
    return { token, user: toSessionUser(parsed.data) };
  }),
  "user-pass",
);
