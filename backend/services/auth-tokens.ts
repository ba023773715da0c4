import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { AppDb } from "../db/client";
import { authTokens, permissions, rolePermissions, roles, users } from "../db/schema";
import { hashSecretToken, newSecretToken } from "./secret-tokens";

export interface AuthSession {
  tokenId: string;
  userId: string;
  /** Read afresh for every request. */
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

// One array column, so authentication is a single query; an inactive or deleted role grants nothing.
const rolePermissionNames = sql<string[]>`coalesce((
  select array_agg(${permissions.action} || ':' || ${permissions.subject})
  from ${rolePermissions}
  inner join ${permissions} on ${permissions.id} = ${rolePermissions.permissionId}
  inner join ${roles} on ${roles.id} = ${rolePermissions.roleId}
  where ${rolePermissions.roleId} = ${users.roleId} and ${roles.active} and ${roles.deletedAt} is null
), '{}')`;

/** Null when the token is unknown, expired or revoked, or its user is blocked or deleted. */
export async function authenticateToken(db: AppDb, token: string): Promise<AuthSession | null> {
  const now = new Date();
  const [found] = await db
    .select({
      tokenId: authTokens.id,
      lastUsedAt: authTokens.lastUsedAt,
      userId: users.id,
      permissions: rolePermissionNames,
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

  return { tokenId: found.tokenId, userId: found.userId, permissions: found.permissions };
}

export async function revokeAuthToken(tx: AppDb, tokenId: string) {
  await tx
    .update(authTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(authTokens.id, tokenId), isNull(authTokens.revokedAt)));
}

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
