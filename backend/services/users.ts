import { and, count, desc, eq, ilike, isNull, or, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { AppDb } from "../db/client";
import { roles, users } from "../db/schema";
import type { UserRow } from "../db/schema";
import { pageOf } from "../schemas/list";
import type {
  AddUserInput,
  ProfileInput,
  UpdateUserInput,
  UserList,
  UserListQuery,
  UserRecord,
} from "../schemas/users";
import { describeChanges, recordAudit } from "./audit";
import type { StaffActor } from "./audit";
import { revokeUserAuthTokens } from "./auth-tokens";
import { inviteEmail, sendWithoutFailing } from "./emails";
import type { Mailing } from "./emails";
import { invalid, invalidField, isUniqueViolation, notFound } from "./errors";
import { INVITE_TOKEN_TTL_MS, issuePasswordToken } from "./password-tokens";
import { findLiveUserRecord, toUserRecords, userRecordColumns } from "./records";
import { verifyPassword } from "./passwords";
import { containsPattern } from "./search";
import {
  isAdministrator,
  requireAnotherActiveAdministrator,
  requireHoldsAll,
  requireMayChangeEmailOf,
  requireMayChangeStaff,
  storedRolePermissionNames,
} from "./staff-protection";
import { isTaken, otherThan, sameText } from "./uniqueness";

export const USER_NOT_FOUND = "User not found";
export const EMAIL_EXISTS = "Email already exists";

const fullName = (user: Pick<UserRow, "firstname" | "lastname">) => `${user.firstname} ${user.lastname}`;

const isLive = isNull(users.deletedAt);

async function findLiveUser(db: AppDb, id: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isLive))
    .limit(1);
  return user ?? null;
}

function emailTaken(db: AppDb, email: string, exceptUserId?: string) {
  return isTaken(db, users, and(sameText(users.email, email), isLive, otherThan(users.id, exceptUserId)));
}

function listConditions(query: UserListQuery) {
  const conditions: (SQL | undefined)[] = [isLive];
  if (query.status) conditions.push(eq(users.status, query.status));
  if (query.search) {
    const pattern = containsPattern(query.search);
    conditions.push(
      or(
        ilike(users.firstname, pattern),
        ilike(users.lastname, pattern),
        ilike(users.email, pattern),
        ilike(users.phone, pattern),
        ilike(sql`${users.firstname} || ' ' || ${users.lastname}`, pattern),
      ),
    );
  }
  return and(...conditions);
}

export async function countUsers(db: AppDb, query: UserListQuery) {
  const [{ total }] = await db.select({ total: count() }).from(users).where(listConditions(query));
  return total;
}

export async function listUsers(
  db: AppDb,
  query: UserListQuery,
  total: () => Promise<number>,
): Promise<UserList> {
  const [rows, counted] = await Promise.all([
    db
      .select(userRecordColumns)
      .from(users)
      .where(listConditions(query))
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    total(),
  ]);
  return pageOf("users", await toUserRecords(db, rows), counted, query);
}

export async function getUser(db: AppDb, id: string): Promise<UserRecord> {
  const record = await findLiveUserRecord(db, id);
  if (!record) throw notFound(USER_NOT_FOUND);
  return record;
}

export async function addUser(db: AppDb, actor: StaffActor, input: AddUserInput, mailing: Mailing) {
  const [role] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.id, input.role), isNull(roles.deletedAt)))
    .limit(1);
  if (!role) throw invalidField("role", "Invalid role");
  // Inviting someone with a role grants them its permissions, as assigning it does (docs/decisions/011).
  requireHoldsAll(actor, await storedRolePermissionNames(db, role.id));
  const email = input.email.toLowerCase();
  if (await emailTaken(db, email)) throw invalidField("email", EMAIL_EXISTS);

  const { user, token } = await db
    .transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          email,
          firstname: input.firstname,
          lastname: input.lastname,
          phone: input.phone,
          location: input.location,
          roleId: role.id,
          status: "inactive",
        })
        .returning();
      const issued = await issuePasswordToken(tx, created.id, "invite", INVITE_TOKEN_TTL_MS);
      await recordAudit(tx, actor, {
        action: "create",
        subject: "Users",
        recordId: created.id,
        summary: `Added ${fullName(created)} (${email})`,
        changes: { email, firstname: input.firstname, lastname: input.lastname, roleId: role.id },
      });
      return { user: created, token: issued };
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? invalidField("email", EMAIL_EXISTS) : error;
    });

  await sendWithoutFailing(mailing.mailer, inviteEmail(mailing.appUrl, user, token));
  return getUser(db, user.id);
}

export async function updateUser(db: AppDb, actor: StaffActor, id: string, input: UpdateUserInput) {
  const { currentPassword, ...fields } = input;
  if (Object.values(fields).every((value) => value === undefined)) {
    throw invalid("At least one field must be provided to update");
  }
  const own = id === actor.userId;
  if (own && fields.isBlocked === true) throw invalid("You cannot block your own account");
  const user = await findLiveUser(db, id);
  if (!user) throw notFound(USER_NOT_FOUND);
  const patch = { ...fields, email: fields.email?.toLowerCase() };
  const changes = describeChanges(user, patch);
  if (Object.keys(changes).length === 0) return getUser(db, id);

  const targetPermissions = await storedRolePermissionNames(db, user.roleId);
  if (!own) requireMayChangeStaff(actor, targetPermissions);
  if (changes.email) {
    if (own) await requireCurrentPassword(db, id, currentPassword);
    else requireMayChangeEmailOf(actor, targetPermissions);
    if (await emailTaken(db, changes.email.to as string, id)) throw invalidField("email", EMAIL_EXISTS);
  }

  await db
    .transaction(async (tx) => {
      if (changes.isBlocked?.to === true && isAdministrator(targetPermissions)) {
        await requireAnotherActiveAdministrator(tx, "block", { exceptUserId: id });
      }
      // drizzle leaves out the fields the patch does not mention (undefined).
      await tx.update(users).set(patch).where(eq(users.id, id));
      if (changes.isBlocked?.to === true) await revokeUserAuthTokens(tx, id);
      await recordAudit(tx, actor, {
        action: changes.isBlocked ? (changes.isBlocked.to ? "block" : "unblock") : "update",
        subject: "Users",
        recordId: id,
        summary: summarizeUpdate(user, changes),
        changes,
      });
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? invalidField("email", EMAIL_EXISTS) : error;
    });
  return getUser(db, id);
}

export const CURRENT_PASSWORD_NEEDED = "Enter your current password to change your email";
export const CURRENT_PASSWORD_WRONG = "Current password is incorrect";

/** Someone who finds a signed-in screen unattended must not be able to move the account to their address. */
async function requireCurrentPassword(db: AppDb, userId: string, password: string | undefined) {
  if (!password) throw invalidField("currentPassword", CURRENT_PASSWORD_NEEDED);
  const [user] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  const matches = user?.passwordHash ? await verifyPassword(password, user.passwordHash) : false;
  if (!matches) throw invalidField("currentPassword", CURRENT_PASSWORD_WRONG);
}

function summarizeUpdate(user: UserRow, changes: Record<string, unknown>) {
  const fields = Object.keys(changes).filter((field) => field !== "isBlocked");
  const verb = "isBlocked" in changes ? (user.isBlocked ? "Unblocked" : "Blocked") : "Updated";
  return [`${verb} ${fullName(user)}`, fields.length ? `(${fields.join(", ")})` : ""].join(" ").trim();
}

export function updateOwnProfile(db: AppDb, actor: StaffActor, input: ProfileInput) {
  return updateUser(db, actor, actor.userId, input);
}

export async function deleteUser(db: AppDb, actor: StaffActor, id: string) {
  if (id === actor.userId) throw invalid("You cannot delete your own account");
  const user = await findLiveUser(db, id);
  if (!user) throw notFound(USER_NOT_FOUND);
  const targetPermissions = await storedRolePermissionNames(db, user.roleId);
  requireMayChangeStaff(actor, targetPermissions);
  await db.transaction(async (tx) => {
    if (isAdministrator(targetPermissions)) {
      await requireAnotherActiveAdministrator(tx, "delete", { exceptUserId: id });
    }
    await tx.update(users).set({ deletedAt: new Date() }).where(eq(users.id, id));
    await revokeUserAuthTokens(tx, id);
    await recordAudit(tx, actor, {
      action: "delete",
      subject: "Users",
      recordId: id,
      summary: `Deleted ${fullName(user)} (${user.email})`,
    });
  });
}
