import { and, asc, eq, isNull } from "drizzle-orm";
import type { AppDb } from "../db/client";
import { roles, users } from "../db/schema";
import type { RoleRecord } from "../schemas/records";
import { recordAudit } from "./audit";
import type { Actor } from "./audit";
import { invalid, notFound } from "./errors";
import { loadRoleRecords } from "./records";
import { USER_NOT_FOUND } from "./users";

export const ROLE_NOT_FOUND = "Role not found";

export async function listRoles(db: AppDb): Promise<RoleRecord[]> {
  const rows = await db.select().from(roles).where(isNull(roles.deletedAt)).orderBy(asc(roles.name));
  const records = await loadRoleRecords(db, rows);
  return rows.flatMap((row) => records.get(row.id) ?? []);
}

/** Changes a staff member's designation; their next request already runs with the new permissions. */
export async function assignRole(
  db: AppDb,
  actor: Actor & { userId: string },
  userId: string,
  roleId: string,
) {
  // Changing one's own designation could remove the very permission needed to undo it.
  if (userId === actor.userId) throw invalid("You cannot change your own designation");
  const [role] = await db
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(and(eq(roles.id, roleId), isNull(roles.deletedAt)))
    .limit(1);
  if (!role) throw notFound(ROLE_NOT_FOUND);
  const [user] = await db
    .select({
      firstname: users.firstname,
      lastname: users.lastname,
      roleId: users.roleId,
      roleName: roles.name,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  if (!user) throw notFound(USER_NOT_FOUND);

  await db.transaction(async (tx) => {
    await tx.update(users).set({ roleId: role.id }).where(eq(users.id, userId));
    await recordAudit(tx, actor, {
      action: "assign-role",
      subject: "Users",
      recordId: userId,
      summary: `Changed the designation of ${user.firstname} ${user.lastname} from ${user.roleName} to ${role.name}`,
      changes: { roleId: { from: user.roleId, to: role.id } },
    });
  });
}
