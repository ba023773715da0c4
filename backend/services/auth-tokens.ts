import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { AppDb } from "../db/client";
import { authTokens, permissions, rolePermissions, roles, users } from "../db/schema";
import { hashSecretToken, newSecretToken } from "./secret-tokens";

/** The signed-in caller behind a bearer token. */
export interface AuthSession {
  tokenId: string;
  userId: string;
  /** `action:Subject` names of the caller's role, read afresh for every request. */
  permissions: string[];
}

const LAST_USED_PRECISION_MS = 60_000;

export async function issueAuthToken(tx: AppDb, userId: string, ttlHours: number): Promise<string> {
  const { token, hash } = newSecretToken();
  await tx.insert(authTokens).values({
    userId,
    tokenHash: hash,
    expiresAt: new Date(Date.now() + ttlHours * 3_600_000),
  });
  return token;
}

/** Null when the token is unknown, expired or revoked, or its user is blocked or deleted. */
export async function authenticateToken(db: AppDb, token: string): Promise<AuthSession | null> {
  const now = new Date();
  const [found] = await db
    .select({
      tokenId: authTokens.id,
      lastUsedAt: authTokens.lastUsedAt,
      userId: users.id,
      roleId: users.roleId,
    })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(
      and(
        eq(authTokens.tokenHash, hashSecretToken(token)),
        isNull(authTokens.revokedAt),
        gt(authTokens.expiresAt, now),
        isNull(users.deletedAt),
        eq(users.isBlocked, false),
      ),
    )
    .limit(1);
  if (!found) return null;

  // Writing on every request would double the work of each read; a minute is precise enough to spot idle tokens.
  if (!found.lastUsedAt || now.getTime() - found.lastUsedAt.getTime() >= LAST_USED_PRECISION_MS) {
    await db.update(authTokens).set({ lastUsedAt: now }).where(eq(authTokens.id, found.tokenId));
  }

  return {
    tokenId: found.tokenId,
    userId: found.userId,
    permissions: await rolePermissionNames(db, found.roleId),
  };
}

/** An inactive or deleted role grants nothing. */
export async function rolePermissionNames(db: AppDb, roleId: string): Promise<string[]> {
  const rows = await db
    .select({ name: sql<string>`${permissions.action} || ':' || ${permissions.subject}` })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .innerJoin(roles, eq(roles.id, rolePermissions.roleId))
    .where(and(eq(rolePermissions.roleId, roleId), eq(roles.active, true), isNull(roles.deletedAt)));
  return rows.map((row) => row.name);
}

export async function revokeAuthToken(tx: AppDb, tokenId: string) {
  await tx
    .update(authTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(authTokens.id, tokenId), isNull(authTokens.revokedAt)));
}

/** Signs a user out everywhere, or everywhere but the session that asked (`keepTokenId`). */
export async function revokeUserAuthTokens(tx: AppDb, userId: string, keepTokenId?: string) {
  await tx
    .update(authTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(authTokens.userId, userId),
        isNull(authTokens.revokedAt),
        keepTokenId ? ne(authTokens.id, keepTokenId) : undefined,
      ),
    );
}
