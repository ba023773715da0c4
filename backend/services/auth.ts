import { and, eq, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Limit, Limits } from "../config";
import type { AppDb } from "../db/client";
import type { LaterWork } from "../later";
import { users } from "../db/schema";
import type {
  ChangePasswordSchema,
  CreatePasswordSchema,
  ForgotPasswordSchema,
  LoginInput,
  ResetPasswordSchema,
} from "../schemas/auth";
import type { UserRecord } from "../schemas/users";
import { recordAudit } from "./audit";
import type { StaffActor } from "./audit";
import { issueAuthToken, revokeAuthToken, revokeUserAuthTokens } from "./auth-tokens";
import { resetEmail, sendWithoutFailing } from "./emails";
import type { Mailing } from "./emails";
import { forbidden, invalid, invalidField, tooMany, unauthorized } from "./errors";
import {
  countEvent,
  forgetAttempts,
  lockKey,
  lockKeyUntilWindowEnds,
  lockedUntil,
  minutesUntil,
  returnAttempt,
  takeAttempt,
} from "./rate-limits";
import { hashPassword, verifyAgainstDecoy, verifyPassword } from "./passwords";
import { RESET_TOKEN_TTL_MS, issuePasswordToken, spendPasswordToken } from "./password-tokens";
import { findLiveUserRecord } from "./records";
import { metrics } from "../metrics";

export const INVALID_CREDENTIALS = "Invalid credentials provided";
export const ACCOUNT_BLOCKED = "Your account has been blocked. Please contact your administrator.";
export const INVALID_TOKEN = "Invalid or expired token";

const fullName = (user: { firstname: string; lastname: string }) => `${user.firstname} ${user.lastname}`;

async function findLiveUserByEmail(db: AppDb, email: string) {
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      firstname: users.firstname,
      lastname: users.lastname,
      passwordHash: users.passwordHash,
      isBlocked: users.isBlocked,
    })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, isNull(users.deletedAt)))
    .limit(1);
  return user ?? null;
}

export const TOO_MANY_SIGN_INS = (wait: string) =>
  `Too many failed sign-in attempts. Please try again in ${wait}.`;
export const TOO_MANY_RESET_MAILS = (wait: string) =>
  `Too many password reset requests for this email. Please try again in ${wait}.`;

/** Keyed by the address typed, known or not, so a lockout never tells whether an account exists. */
const accountKey = (kind: string, email: string) => `${kind}:account:${email.trim().toLowerCase()}`;

type SignInLimits = Pick<Limits, "loginPerAccountAndAddress" | "loginPerAccount" | "loginPerAddress">;

// Taken in order (docs/decisions/012): an attempt refused by the first is not counted by the others, so
// one address guessing at an account cannot use up that account's allowance for everyone else.
function signInCounters(email: string, ip: string | null, limits: SignInLimits) {
  const typed = email.trim().toLowerCase();
  return [
    // An unknown address (an in-process call without a forwarded one) is one address of its own.
    { key: `login:account-address:${ip ?? "unknown"}:${typed}`, limit: limits.loginPerAccountAndAddress },
    { key: accountKey("login", typed), limit: limits.loginPerAccount },
    ...(ip ? [{ key: `login:address:${ip}`, limit: limits.loginPerAddress }] : []),
  ];
}

// Counted before the password is looked at, so a burst of parallel guesses gets no more checks than allowed.
async function takeSignInAttempt(db: AppDb, counters: ReturnType<typeof signInCounters>) {
  const locked = await lockedUntil(
    db,
    counters.map((counter) => counter.key),
  );
  if (locked) {
    metrics.signInRefusals.inc({ reason: "too_many" });
    throw tooMany(TOO_MANY_SIGN_INS(minutesUntil(locked)), locked);
  }
  const attempts: number[] = [];
  for (const { key, limit } of counters) {
    const attempt = await takeAttempt(db, key, limit);
    if (attempt === null || attempt > limit.max) {
      const until =
        attempt === null ? ((await lockedUntil(db, [key])) ?? new Date()) : await lockKey(db, key, limit);
      metrics.signInRefusals.inc({ reason: "too_many" });
      throw tooMany(TOO_MANY_SIGN_INS(minutesUntil(until)), until);
    }
    attempts.push(attempt);
  }
  return attempts;
}

export async function login(
  db: AppDb,
  ip: string | null,
  input: LoginInput,
  options: { tokenTtlHours: number; limits: SignInLimits },
): Promise<{ token: string; user: UserRecord }> {
  const counters = signInCounters(input.email, ip, options.limits);
  const attempts = await takeSignInAttempt(db, counters);

  const user = await findLiveUserByEmail(db, input.email);
  const passwordMatches = user?.passwordHash
    ? await verifyPassword(input.password, user.passwordHash)
    : await verifyAgainstDecoy(input.password);
  if (!user || !passwordMatches) {
    for (const [index, { key, limit }] of counters.entries()) {
      if (attempts[index] >= limit.max) await lockKey(db, key, limit);
    }
    metrics.signInRefusals.inc({ reason: "wrong_credentials" });
    throw unauthorized(INVALID_CREDENTIALS);
  }
  const [own, ...shared] = counters;
  await forgetAttempts(db, own.key, own.limit);
  for (const { key } of shared) await returnAttempt(db, key);
  // Checked only after the password, so the block message never tells a stranger that an address exists.
  if (user.isBlocked) {
    metrics.signInRefusals.inc({ reason: "blocked" });
    throw forbidden(ACCOUNT_BLOCKED);
  }

  const token = await db.transaction(async (tx) => {
    const issued = await issueAuthToken(tx, user.id, options.tokenTtlHours);
    // A sign-in is not an edit of the record, so updatedAt keeps its value.
    await tx
      .update(users)
      .set({ lastLogin: new Date(), updatedAt: sql`${users.updatedAt}` })
      .where(eq(users.id, user.id));
    await recordAudit(
      tx,
      { userId: user.id, ip },
      { action: "login", subject: "Users", recordId: user.id, summary: `${fullName(user)} signed in` },
    );
    return issued;
  });
  const record = await findLiveUserRecord(db, user.id);
  if (!record) throw unauthorized(INVALID_CREDENTIALS);
  return { token, user: record };
}

export async function logout(db: AppDb, actor: StaffActor, tokenId: string) {
  await db.transaction(async (tx) => {
    await revokeAuthToken(tx, tokenId);
    await recordAudit(tx, actor, {
      action: "logout",
      subject: "Users",
      recordId: actor.userId,
      summary: "Signed out",
    });
  });
}

// Answers the same whether or not the address has an account; the link is made and mailed by `later`,
// after the answer, so the timing tells nothing either.
export async function requestPasswordReset(
  db: AppDb,
  ip: string | null,
  input: z.output<typeof ForgotPasswordSchema>,
  mailing: Mailing,
  limit: Limit,
  later: LaterWork,
) {
  const key = accountKey("reset", input.email);
  const locked = await lockedUntil(db, [key]);
  if (locked) throw tooMany(TOO_MANY_RESET_MAILS(minutesUntil(locked)), locked);
  if ((await countEvent(db, key, limit)) > limit.max) {
    // Refused from here until the window ends: the lock says so to the next request as well.
    const until = await lockKeyUntilWindowEnds(db, key, limit);
    throw tooMany(TOO_MANY_RESET_MAILS(minutesUntil(until)), until);
  }
  later.run("Password reset mail", () => mailPasswordReset(db, ip, input.email, mailing));
}

async function mailPasswordReset(db: AppDb, ip: string | null, email: string, mailing: Mailing) {
  const user = await findLiveUserByEmail(db, email);
  if (!user || user.isBlocked) return;
  const token = await db.transaction(async (tx) => {
    const issued = await issuePasswordToken(tx, user.id, "reset", RESET_TOKEN_TTL_MS);
    await recordAudit(
      tx,
      { userId: null, ip },
      {
        action: "request-password-reset",
        subject: "Users",
        recordId: user.id,
        summary: `Password reset requested for ${user.email}`,
      },
    );
    return issued;
  });
  await sendWithoutFailing(mailing.mailer, resetEmail(mailing.appUrl, user, token));
}

export async function resetPassword(
  db: AppDb,
  ip: string | null,
  input: z.output<typeof ResetPasswordSchema>,
) {
  // Hashing is slow; doing it before the transaction keeps PGlite's single connection free meanwhile.
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    if (!(await spendPasswordToken(tx, input.userid, "reset", input.resetToken)))
      throw invalid(INVALID_TOKEN);
    await tx.update(users).set({ passwordHash }).where(eq(users.id, input.userid));
    // Whoever knew the old password is signed out.
    await revokeUserAuthTokens(tx, input.userid);
    await recordAudit(
      tx,
      { userId: input.userid, ip },
      {
        action: "reset-password",
        subject: "Users",
        recordId: input.userid,
        summary: "Password reset with an e-mailed link",
      },
    );
  });
}

export async function createInvitedPassword(
  db: AppDb,
  ip: string | null,
  userId: string,
  token: string,
  input: z.output<typeof CreatePasswordSchema>,
) {
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    if (!(await spendPasswordToken(tx, userId, "invite", token))) throw invalid(INVALID_TOKEN);
    await tx.update(users).set({ passwordHash, status: "active" }).where(eq(users.id, userId));
    await recordAudit(
      tx,
      { userId, ip },
      {
        action: "create-password",
        subject: "Users",
        recordId: userId,
        summary: "Password created from the invitation",
      },
    );
  });
}

export async function changePassword(
  db: AppDb,
  actor: StaffActor,
  currentTokenId: string,
  input: z.output<typeof ChangePasswordSchema>,
) {
  const [user] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, actor.userId))
    .limit(1);
  const matches = user?.passwordHash ? await verifyPassword(input.oldPassword, user.passwordHash) : false;
  if (!matches) throw invalidField("oldPassword", "Current password is incorrect");
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, actor.userId));
    // Other devices are signed out; the session that made the change stays signed in.
    await revokeUserAuthTokens(tx, actor.userId, currentTokenId);
    await recordAudit(tx, actor, {
      action: "change-password",
      subject: "Users",
      recordId: actor.userId,
      summary: "Password changed",
    });
  });
}
