import type { AppDb } from "../db/client";
import { auditLog } from "../db/schema";
import type { RecordSubject } from "../schemas/permissions";

export interface Actor {
  userId: string | null;
  ip: string | null;
}

export interface StaffActor extends Actor {
  userId: string;
  permissions: readonly string[];
}

export interface AuditEntry {
  action: string;
  subject: RecordSubject;
  recordId: string | null;
  summary: string;
  changes?: Record<string, unknown>;
}

/** Call with the transaction that makes the change, so the change and its history commit together. */
export async function recordAudit(tx: AppDb, actor: Actor, entry: AuditEntry) {
  await auditInsert(tx, actor, [entry]);
}

export async function recordAudits(tx: AppDb, actor: Actor, entries: readonly AuditEntry[]) {
  if (entries.length === 0) return;
  await auditInsert(tx, actor, entries);
}

/** The audit rows' insert, not yet run: a caller may send it in one statement with its own insert. */
export function auditInsert(tx: AppDb, actor: Actor, entries: readonly AuditEntry[]) {
  return tx.insert(auditLog).values(
    entries.map((entry) => ({
      actorId: actor.userId,
      ip: actor.ip,
      action: entry.action,
      subject: entry.subject,
      recordId: entry.recordId,
      summary: entry.summary,
      changes: entry.changes ?? null,
    })),
  );
}

export function describeChanges<T extends Record<string, unknown>>(before: T, after: Partial<T>) {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const [field, value] of Object.entries(after)) {
    if (value !== undefined && value !== before[field])
      changes[field] = { from: before[field] ?? null, to: value };
  }
  return changes;
}
