import { and, eq, gt, ilike, inArray, isNull, ne, notInArray, or, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { AppDb } from "../db/client";
import { auditLog, users } from "../db/schema";
import type { Pagination } from "../schemas/list";
import { pageOf } from "../schemas/list";
import { SUBJECTS, isGranted } from "../schemas/permissions";
import type { RecordSubject } from "../schemas/permissions";
import { actorName, auditPage } from "./activity";
import { containsPattern } from "./search";

// Account housekeeping (signing in and out, passwords) needs nobody's attention, so it is left out.
const ROUTINE_ACTIONS = [
  "login",
  "logout",
  "request-password-reset",
  "reset-password",
  "change-password",
  "create-password",
];

type Caller = { userId: string; permissions: readonly string[] };

function readableSubjects(granted: readonly string[]): RecordSubject[] {
  return SUBJECTS.filter((subject): subject is RecordSubject => subject !== "all").filter((subject) =>
    isGranted(granted, `read:${subject}`),
  );
}

function notificationConditions(caller: Caller): SQL | undefined {
  const subjects = readableSubjects(caller.permissions);
  if (subjects.length === 0) return sql`false`;
  return and(
    inArray(auditLog.subject, subjects),
    notInArray(auditLog.action, ROUTINE_ACTIONS),
    or(isNull(auditLog.actorId), ne(auditLog.actorId, caller.userId)),
  );
}

async function seenSince(db: AppDb, userId: string): Promise<Date> {
  const [row] = await db
    .select({ since: sql<Date>`coalesce(${users.activitySeenAt}, ${users.createdAt})` })
    .from(users)
    .where(eq(users.id, userId));
  return row ? new Date(row.since) : new Date();
}

export async function countUnseen(db: AppDb, caller: Caller): Promise<number> {
  const since = await seenSince(db, caller.userId);
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(and(notificationConditions(caller), gt(auditLog.createdAt, since)));
  return total;
}

export async function listNotifications(db: AppDb, caller: Caller, query: Pagination) {
  const since = await seenSince(db, caller.userId);
  const pattern = query.search ? containsPattern(query.search) : null;
  const where = and(
    notificationConditions(caller),
    pattern ? or(ilike(auditLog.summary, pattern), ilike(actorName, pattern)) : undefined,
  );
  const { rows, total } = await auditPage(db, where, query);
  const items = rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    unseen: row.createdAt > since,
  }));
  return pageOf("activity", items, total, query);
}

// Not audited: an audit row for every glance at the bell would bury the changes it exists to show.
export async function markNotificationsSeen(db: AppDb, userId: string) {
  await db
    .update(users)
    .set({ activitySeenAt: new Date(), updatedAt: sql`${users.updatedAt}` })
    .where(eq(users.id, userId));
}
