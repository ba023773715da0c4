import { eq } from "drizzle-orm";
import type { AppDb } from "../db/client";
import { businessSettings } from "../db/schema";
import type { BusinessSettings, BusinessSettingsInput } from "../schemas/business";
import { recordAudit } from "./audit";
import type { StaffActor } from "./audit";
import { forbidden } from "./errors";
import { isAdministrator } from "./staff-protection";

export const ONLY_ADMIN_CHANGES_BUSINESS = "Only an administrator can change the business details";

const NOT_SET: BusinessSettings = { name: "", address: "", phone: "" };

export async function currentBusinessSettings(db: AppDb): Promise<BusinessSettings> {
  const [row] = await db
    .select({ name: businessSettings.name, address: businessSettings.address, phone: businessSettings.phone })
    .from(businessSettings)
    .where(eq(businessSettings.id, "current"))
    .limit(1);
  return row ?? NOT_SET;
}

export async function updateBusinessSettings(
  db: AppDb,
  actor: StaffActor,
  input: BusinessSettingsInput,
): Promise<BusinessSettings> {
  if (!isAdministrator(actor.permissions)) throw forbidden(ONLY_ADMIN_CHANGES_BUSINESS);
  await db.transaction(async (tx) => {
    const before = await currentBusinessSettings(tx);
    await tx
      .insert(businessSettings)
      .values({ id: "current", ...input, updatedBy: actor.userId })
      .onConflictDoUpdate({
        target: businessSettings.id,
        set: { ...input, updatedBy: actor.userId, updatedAt: new Date() },
      });
    await recordAudit(tx, actor, {
      action: "update",
      subject: "Sales",
      recordId: "business-settings",
      summary: "Updated the business details shown on receipts",
      changes: { from: before, to: input },
    });
  });
  return currentBusinessSettings(db);
}
