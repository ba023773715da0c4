import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { KIND_VARIABLES, MESSAGE_BODY_MAX } from "#backend/constants/messages";
import { ErrorBox } from "~/components/error-box";
import { SectionErrorBoundary } from "~/components/error-panel";
import { TitleBanner } from "~/components/frame/title-banner";
import { Panel } from "~/components/panel";
import { SubmitButton } from "~/components/submit-button";
import { ActionToast } from "~/components/toaster";
import { MessageBox } from "~/features/messages/message-parts";
import { formatNumber } from "~/utils/format";
import { useLiveForm } from "~/utils/use-live-form";
import type { listMessageAction, listMessageLoader } from "~/features/messages/messages.server";

export {
  listMessageAction as action,
  listMessageLoader as loader,
} from "~/features/messages/messages.server";

export const meta: MetaFunction = () => [{ title: "Message the list — Collections — SolarDesk" }];

const loadListMessageSchema = () =>
  import("#backend/schemas/messages").then((module) => module.ListMessageFormSchema);

const VARIABLES = KIND_VARIABLES.MANUAL.map((name) => `{${name}}`).join(", ");

/** A message to every account the worklist's filters select: the count first, then a confirmation. */
export default function ListMessageRoute() {
  const { count } = useLoaderData<typeof listMessageLoader>();
  const actionData = useActionData<typeof listMessageAction>();
  const { form, field, formErrors } = useLiveForm({
    loadSchema: loadListMessageSchema,
    lastResult: actionData?.result,
  });
  const { search } = useLocation();
  const body = field("body");
  const expected = field("expected");
  const accounts = `${formatNumber(count)} ${count === 1 ? "account" : "accounts"}`;
  return (
    <div className="flex flex-col gap-6">
      <ActionToast toast={actionData?.toast} />
      <TitleBanner title="Message the list" icon="collections" warehouseName="Late and defaulted accounts" />
      <Link to={`/collections${search}`} className="text-sm text-brand-700 hover:underline">
        ← Back to the worklist
      </Link>
      <Panel id="list-message" title={`Write to ${accounts}`}>
        {count === 0 ? (
          <p>No accounts match these filters: there is nobody to write to.</p>
        ) : (
          <Form method="post" {...form} className="flex max-w-2xl flex-col gap-2">
            <p>
              One SMS (or e-mail, without a mobile number) to the customer of each account the worklist's
              filters select now; a customer with several gets one. Customers who opted out are skipped. At
              most 3 list messages an hour.
            </p>
            <MessageBox
              label="Message"
              defaultValue={body.defaultValue ?? ""}
              errors={body.errors}
              maxLength={MESSAGE_BODY_MAX}
              hint={`You may use ${VARIABLES}.`}
            />
            <input type="hidden" name="expected" value={count} />
            {expected.errors?.length ? <ErrorBox errors={expected.errors} /> : null}
            <ErrorBox errors={formErrors} />
            <SubmitButton pendingText="Queueing..." className="self-start">
              {`Send to ${accounts}`}
            </SubmitButton>
          </Form>
        )}
      </Panel>
    </div>
  );
}

export const ErrorBoundary = SectionErrorBoundary;
