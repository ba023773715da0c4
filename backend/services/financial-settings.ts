import { eq } from "drizzle-orm";
import type { AppDb } from "../db/client";
import { financialSettings } from "../db/schema";
import type { FinancialSettingsInput } from "../schemas/sales";
import { recordAudit } from "./audit";
import type { StaffActor } from "./audit";
import { forbidden } from "./errors";
import { DEFAULT_FINANCIAL_SETTINGS } from "./pricing";
import type { FinancialSettings } from "./pricing";
import { isAdministrator } from "./staff-protection";

export const ONLY_ADMIN_CHANGES_SETTINGS = "Only an administrator can change the financial settings";

const toBps = (fraction: number) => Math.round(fraction * 10_000);
const toFraction = (bps: number) => bps / 10_000;

/** The settings sales are priced with now; the reference's defaults (0.2 / 0.15 / 0.04) until changed. */
export async function currentFinancialSettings(db: AppDb): Promise<FinancialSettings> {
  const [row] = await db.select().from(financialSettings).where(eq(financialSettings.id, "current")).limit(1);
  return row
    ? {
        outrightMarginBps: row.outrightMarginBps,
        loanMarginBps: row.loanMarginBps,
        monthlyInterestBps: row.monthlyInterestBps,
        pricingRule: row.pricingRule,
      }
    : DEFAULT_FINANCIAL_SETTINGS;
}

export function financialSettingsRecord(settings: FinancialSettings) {
  return {
    pricingRule: settings.pricingRule,
    outrightMargin: toFraction(settings.outrightMarginBps),
    loanMargin: toFraction(settings.loanMarginBps),
    monthlyInterest: toFraction(settings.monthlyInterestBps),
  };
}

/**
 * Changes the pricing rule, margins and interest new sales are priced with; sales already made keep theirs.
 * A client that sends no rule (the reference's shape) keeps the current one.
 */
export async function updateFinancialSettings(db: AppDb, actor: StaffActor, input: FinancialSettingsInput) {
  if (!isAdministrator(actor.permissions)) throw forbidden(ONLY_ADMIN_CHANGES_SETTINGS);
  const next = await db.transaction(async (tx) => {
    const before = await currentFinancialSettings(tx);
    const next: FinancialSettings = {
      outrightMarginBps: toBps(input.outrightMargin),
      loanMarginBps: toBps(input.loanMargin),
      monthlyInterestBps: toBps(input.monthlyInterest),
      pricingRule: input.pricingRule ?? before.pricingRule,
    };
    await tx
      .insert(financialSettings)
      .values({ id: "current", ...next, updatedBy: actor.userId })
      .onConflictDoUpdate({ target: financialSettings.id, set: { ...next, updatedBy: actor.userId } });
    await recordAudit(tx, actor, {
      action: "update",
      subject: "Sales",
      recordId: "financial-settings",
      summary: "Updated the financial settings",
      changes: { from: financialSettingsRecord(before), to: financialSettingsRecord(next) },
    });
    return next;
  });
  return financialSettingsRecord(next);
}
