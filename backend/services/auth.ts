import { and, eq, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Limit, Limits } from "../config";
import type { AppDb } from "../db/client";
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
import { clearEvents, countEvent, lockKeyUntilWindowEnds, lockedUntil, minutesUntil } from "./rate-limits";
import { hashPassword, verifyAgainstDecoy, verifyPassword } from "./passwords";
import { RESET_TOKEN_TTL_MS, issuePasswordToken, spendPasswordToken } from "./password-tokens";
import { findLiveUserRecord } from "./records";

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

export async function login(
  db: AppDb,
  ip: string | null,
  input: LoginInput,
  options: { tokenTtlHours: number; limits: Pick<Limits, "loginPerAccount" | "loginPerAddress"> },
): Promise<{ token: string; user: UserRecord }> {
  const account = accountKey("login", input.email);
  // An unknown address (an in-process call without a forwarded one) has no per-address limit.
  const address = ip ? `login:address:${ip}` : null;
  const locked = await lockedUntil(db, address ? [account, address] : [account]);
  if (locked) throw tooMany(TOO_MANY_SIGN_INS(minutesUntil(locked)), locked);

  const user = await findLiveUserByEmail(db, input.email);
  const passwordMatches = user?.passwordHash
    ? await verifyPassword(input.password, user.passwordHash)
    : await verifyAgainstDecoy(input.password);
  if (!user || !passwordMatches) {
    await countEvent(db, account, options.limits.loginPerAccount);
    if (address) await countEvent(db, address, options.limits.loginPerAddress);
    throw unauthorized(INVALID_CREDENTIALS);
  }
  await clearEvents(db, account);
  // Checked only after the password, so the block message never tells a stranger that an address exists.
  if (user.isBlocked) throw forbidden(ACCOUNT_BLOCKED);

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

/** Answers the same whether or not the address has an account, so it cannot be used to probe for staff. */
export async function requestPasswordReset(
  db: AppDb,
  ip: string | null,
  input: z.output<typeof ForgotPasswordSchema>,
  mailing: Mailing,
  limit: Limit,
) {
  const key = accountKey("reset", input.email);
  const locked = await lockedUntil(db, [key]);
  if (locked) throw tooMany(TOO_MANY_RESET_MAILS(minutesUntil(locked)), locked);
  if ((await countEvent(db, key, limit)) > limit.max) {
    // Refused from here until the window ends: the lock says so to the next request as well.
    const until = await lockKeyUntilWindowEnds(db, key, limit);
    throw tooMany(TOO_MANY_RESET_MAILS(minutesUntil(until)), until);
  }
  const user = await findLiveUserByEmail(db, input.email);
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
