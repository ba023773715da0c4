import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { BusinessSettingsRecordSchema, BusinessSettingsSchema } from "#backend/schemas/business";
import { apiRead, apiWrite } from "~/api.server";
import { requirePermission, requireUser } from "~/session.server";
import { redirectWithSuccess } from "~/toast.server";
import { invalidSubmission, parseForm, readFormData, rejectedSubmission } from "~/utils/forms.server";
import { canFlags } from "~/utils/permissions";

const PAGE = "/settings/business";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const business = await apiRead(request, "/v1/sales/business-settings", BusinessSettingsRecordSchema);
  return { business, can: canFlags(user, { write: "manage:all" }) };
}

export async function action({ request }: ActionFunctionArgs) {
  await requirePermission(request, "manage:all");
  const submission = parseForm(await readFormData(request), BusinessSettingsSchema);
  if (submission.status !== "success") return invalidSubmission(submission);
  const answer = await apiWrite(
    request,
    { method: "PUT", path: "/v1/sales/business-settings", body: submission.value },
    BusinessSettingsRecordSchema,
  );
  if (!answer.ok) return rejectedSubmission(submission, answer.failure);
  return redirectWithSuccess(PAGE, "Business details saved");
}
