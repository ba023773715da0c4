import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { callApi, throwFailure } from "~/api.server";
import { requireSession } from "~/session.server";
import { redirectWithError, redirectWithSuccess } from "~/toast.server";
import { describeFailure } from "~/utils/error-catalogue";
import { readFormData } from "~/utils/forms.server";
import { safeRedirect } from "~/utils/redirect";

export const MARKED_SEEN = "All notifications marked as seen";

/** A POST, so opening the panel, a prefetch or a crawler following its link changes nothing. */
export async function action({ request }: ActionFunctionArgs) {
  const { token } = await requireSession(request);
  const back = safeRedirect((await readFormData(request)).get("redirectTo"));
  const answer = await callApi({
    method: "POST",
    path: "/v1/activity/notifications/seen",
    token,
    from: request,
  });
  if (answer.ok) return redirectWithSuccess(back, MARKED_SEEN);
  if (answer.failure.status === 401) return throwFailure(request, answer.failure);
  const failure = describeFailure(answer.failure);
  return redirectWithError(back, failure.toast ?? failure.title);
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSession(request);
  return redirect("/home");
}
