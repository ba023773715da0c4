import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirectDocument } from "@remix-run/node";
import { SalesExportFormSchema } from "#backend/schemas/sale-uploads";
import { requireUser } from "~/session.server";
import { invalidSubmission, parseForm, readFormData } from "~/utils/forms.server";
import { exportQuery } from "~/features/sales/sale-export";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

/** Without JavaScript: the dates are checked here, then the browser is sent to the download itself. */
export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  const submission = parseForm(await readFormData(request), SalesExportFormSchema);
  if (submission.status !== "success") return invalidSubmission(submission);
  return redirectDocument(`/sales/export?${exportQuery(submission.value)}`);
}
