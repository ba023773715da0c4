import { and, eq, gt, isNull } from "drizzle-orm";
import type { AppDb } from "../db/client";
import { passwordTokens, users } from "../db/schema";
import type { PasswordTokenKind } from "../db/schema";
import { hashSecretToken, newSecretToken } from "./secret-tokens";

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const INVITE_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Replaces any unused token of the same kind, so only the newest e-mailed link works. */
export async function issuePasswordToken(tx: AppDb, userId: string, kind: PasswordTokenKind, ttlMs: number) {
  const now = new Date();
  await tx
    .update(passwordTokens)
    .set({ usedAt: now })
    .where(
      and(eq(passwordTokens.userId, userId), eq(passwordTokens.kind, kind), isNull(passwordTokens.usedAt)),
    );
  const { token, hash } = newSecretToken();
  await tx
    .insert(passwordTokens)
    .values({ userId, kind, tokenHash: hash, expiresAt: new Date(now.getTime() + ttlMs) });
  return token;
}

// One conditional UPDATE, so two racing requests cannot both spend the same token.
export async function spendPasswordToken(tx: AppDb, userId: string, kind: PasswordTokenKind, token: string) {
  const [user] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  if (!user) return false;
  const spent = await tx
    .update(passwordTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordTokens.tokenHash, hashSecretToken(token)),
        eq(passwordTokens.userId, userId),
        eq(passwordTokens.kind, kind),
        isNull(passwordTokens.usedAt),
        gt(passwordTokens.expiresAt, new Date()),
      ),
    )
    .returning({ id: passwordTokens.id });
  return spent.length > 0;
}
