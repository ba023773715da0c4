import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import { UploadProblemSchema } from "#backend/schemas/sale-uploads";
import type { RowReportData } from "~/components/row-report";
import type { ApiCall } from "~/api.server";
import { apiWrite, apiWriteMultipart } from "~/api.server";
import { redirectWithSuccess } from "~/toast.server";
import { formatNumber } from "./format";
import {
  creationFailedToast,
  invalidSubmission,
  parseForm,
  readFormData,
  rejectedSubmission,
} from "./forms.server";
import { listHref } from "./list-params";

/** The API's answer to a batch file with row problems: the rows listed and how many there were. */
const RowReportSchema: z.ZodType<RowReportData> = z.object({
  errors: z.array(UploadProblemSchema),
  errorCount: z.number(),
});

/** A "New …" drawer whose form is the API's request as it stands, checked with the API's own schema. */
export async function createAction<Answer extends z.ZodTypeAny>(
  request: Request,
  create: {
    form: z.ZodTypeAny;
    path: ApiCall["path"];
    answer: Answer;
    failureToast: string;
    done: {
      list: string;
      message: string;
      listParams?: (record: z.output<Answer>) => Record<string, string | null>;
      /** Somewhere other than the list to go once the record exists (work done with it there first). */
      elsewhere?: (record: z.output<Answer>) => Promise<string>;
    };
  },
) {
  const submission = parseForm(await readFormData(request), create.form);
  if (submission.status !== "success") return invalidSubmission(submission);
  const answer = await apiWrite(
    request,
    { method: "POST", path: create.path, body: submission.value },
    create.answer,
  );
  if (!answer.ok) {
    return rejectedSubmission(submission, answer.failure, {
      toastFor: creationFailedToast(create.failureToast),
    });
  }
  const { list, message, listParams, elsewhere } = create.done;
  if (elsewhere) return redirectWithSuccess(await elsewhere(answer.data), message);
  return redirectWithSuccess(listHref(list, new URL(request.url).search, listParams?.(answer.data)), message);
}

type BatchForm = z.ZodType<{ file: File }, z.ZodTypeDef, unknown>;

/** The file goes to the API as it came: the API reads its bytes and checks every row. */
export async function batchUploadAction(
  request: Request,
  batch: {
    form: BatchForm;
    path: ApiCall["path"];
    answer: z.ZodType<{ count: number }, z.ZodTypeDef, unknown>;
    failureToast: string;
    correctionPage?: (refusal: unknown) => string | null;
    done: { list: string; message: string; noun: string };
  },
) {
  const submission = parseForm(await readFormData(request), batch.form);
  if (submission.status !== "success") return invalidSubmission(submission);
  const upload = new FormData();
  upload.set("file", submission.value.file, submission.value.file.name);
  const answer = await apiWriteMultipart(
    request,
    { method: "POST", path: batch.path, formData: upload },
    batch.answer,
  );
  if (!answer.ok) {
    const correction = batch.correctionPage?.(answer.failure.body);
    if (correction) return redirect(correction);
    const refused = rejectedSubmission(submission, answer.failure, {
      toastFor: creationFailedToast(batch.failureToast),
    });
    const parsed = RowReportSchema.safeParse(answer.failure.body);
    const report = parsed.success ? parsed.data : null;
    return data({ ...refused.data, report }, refused.init ?? undefined);
  }
  const { count } = answer.data;
  const { list, message, noun } = batch.done;
  return redirectWithSuccess(listHref(list, new URL(request.url).search), {
    message,
    description: `${formatNumber(count)} ${noun}${count === 1 ? "" : "s"} added.`,
  });
}
