import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { FinancialSettingsFormSchema, FinancialSettingsSchema } from "#backend/schemas/sales";
import { apiRead, apiWrite } from "~/api.server";
import { requirePermission, requireUser } from "~/session.server";
import { redirectWithSuccess } from "~/toast.server";
import { invalidSubmission, parseForm, readFormData, rejectedSubmission } from "~/utils/forms.server";
import { canFlags } from "~/utils/permissions";

const PAGE = "/settings/financial-settings";

/** The API speaks fractions (0.2), people percentages (20); converted through basis points, exactly. */
const toPercent = (fraction: number) => Math.round(fraction * 10_000) / 100;
const toFraction = (percent: number) => Math.round(percent * 100) / 10_000;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const settings = await apiRead(request, "/v1/sales/financial-settings", FinancialSettingsSchema);
  return {
    pricingRule: settings.pricingRule ?? "BATCH_PRICE",
    percent: {
      outrightMargin: toPercent(settings.outrightMargin),
      loanMargin: toPercent(settings.loanMargin),
      monthlyInterest: toPercent(settings.monthlyInterest),
    },
    can: canFlags(user, { write: "manage:all" }),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  await requirePermission(request, "manage:all");
  const submission = parseForm(await readFormData(request), FinancialSettingsFormSchema);
  if (submission.status !== "success") return invalidSubmission(submission);
  const { pricingRule, outrightMargin, loanMargin, monthlyInterest } = submission.value;
  const answer = await apiWrite(
    request,
    {
      method: "PUT",
      path: "/v1/sales/financial-settings",
      body: {
        pricingRule,
        outrightMargin: toFraction(outrightMargin),
        loanMargin: toFraction(loanMargin),
        monthlyInterest: toFraction(monthlyInterest),
      },
    },
    FinancialSettingsSchema,
  );
  if (!answer.ok) return rejectedSubmission(submission, answer.failure);
  return redirectWithSuccess(PAGE, "Financial settings saved");
}
