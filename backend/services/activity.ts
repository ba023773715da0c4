import { and, count, desc, eq, ilike, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { AppDb } from "../db/client";
import { auditLog, users } from "../db/schema";
import { pageOf } from "../schemas/list";
import type { ActivityQuery } from "../schemas/activity";
import { containsPattern } from "./search";

export const actorName = sql<string | null>`${users.firstname} || ' ' || ${users.lastname}`;

export async function auditPage(db: AppDb, where: SQL | undefined, query: { page: number; limit: number }) {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        action: auditLog.action,
        subject: auditLog.subject,
        recordId: auditLog.recordId,
        summary: auditLog.summary,
        actorId: auditLog.actorId,
        actorName,
        createdAt: auditLog.createdAt,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(auditLog).leftJoin(users, eq(users.id, auditLog.actorId)).where(where),
  ]);
  return { rows, total };
}

export async function listActivity(db: AppDb, query: ActivityQuery) {
  const where = and(
    query.search ? ilike(auditLog.summary, containsPattern(query.search)) : undefined,
    query.actorId ? eq(auditLog.actorId, query.actorId) : undefined,
  );
  const { rows, total } = await auditPage(db, where, query);
  return pageOf(
    "activity",
    rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    total,
    query,
  );
}
