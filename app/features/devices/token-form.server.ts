import { GenerateTokenSchema, GeneratedTokenSchema } from "#backend/schemas/payments";
import { apiWrite } from "~/api.server";
import { redirectWithSuccess } from "~/toast.server";
import { invalidSubmission, parseForm, rejectedSubmission } from "~/utils/forms.server";

const INTENT = "generate-token";

export async function generateToken(request: Request, deviceId: string, formData: FormData) {
  const submission = parseForm(formData, GenerateTokenSchema);
  if (submission.status !== "success") return invalidSubmission(submission, { intent: INTENT });
  const { days, unlock } = submission.value;
  const answer = await apiWrite(
    request,
    {
      method: "POST",
      path: `/v1/device/${encodeURIComponent(deviceId)}/generate-token`,
      body: unlock ? { unlock: true } : { days },
    },
    GeneratedTokenSchema,
  );
  if (!answer.ok) return rejectedSubmission(submission, answer.failure, { intent: INTENT });
  return redirectWithSuccess(
    `/devices/${encodeURIComponent(deviceId)}?issued=${encodeURIComponent(answer.data.record.id)}`,
    "Token generated",
  );
}
