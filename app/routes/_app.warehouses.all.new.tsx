import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLocation } from "@remix-run/react";
import { INVENTORY_CLASSES } from "#backend/schemas/inventory";
import {
  WAREHOUSE_IMAGE_FIELD,
  WarehouseFormSchema,
  WarehouseRecordSchema,
} from "#backend/schemas/warehouses";
import { apiWriteMultipart } from "~/api.server";
import { Drawer } from "~/components/drawer";
import { ErrorBox } from "~/components/error-box";
import { SectionErrorBoundary } from "~/components/error-panel";
import { FormInput } from "~/components/form-input";
import { ImageField } from "~/components/image-field";
import { SubmitButton } from "~/components/submit-button";
import { ActionToast } from "~/components/toaster";
import { CLASS_LABELS } from "~/features/inventory/inventory-classes";
import { WAREHOUSE_FAILED } from "~/features/warehouses/warehouse-list.server";
import { requireUser } from "~/session.server";
import { redirectWithSuccess } from "~/toast.server";
import {
  creationFailedToast,
  invalidSubmission,
  parseForm,
  readFormData,
  multipartBody,
  rejectedSubmission,
} from "~/utils/forms.server";
import { listHref } from "~/utils/list-params";
import { useHydrated } from "~/utils/use-hydrated";
import { useLiveForm } from "~/utils/use-live-form";

export const meta: MetaFunction = () => [{ title: "Add New Warehouse — SolarDesk" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  const formData = await readFormData(request);
  const submission = parseForm(formData, WarehouseFormSchema);
  if (submission.status !== "success") return invalidSubmission(submission);
  const answer = await apiWriteMultipart(
    request,
    { method: "POST", path: "/v1/warehouses", formData: multipartBody(submission.value) },
    WarehouseRecordSchema,
  );
  if (!answer.ok) {
    return rejectedSubmission(submission, answer.failure, {
      toastFor: creationFailedToast(WAREHOUSE_FAILED),
    });
  }
  return redirectWithSuccess(
    listHref("/warehouses/all", new URL(request.url).search),
    "Warehouse created successfully!",
  );
}

/** The ticked classes a refused form echoes: one value or a list. */
const ticked = (value: unknown) =>
  new Set(Array.isArray(value) ? value.map(String) : typeof value === "string" ? value.split(",") : []);

export default function NewWarehouseRoute() {
  const answer = useActionData<typeof action>();
  const location = useLocation();
  const hydrated = useHydrated();
  const { form, field, formErrors } = useLiveForm({
    schema: WarehouseFormSchema,
    lastResult: answer?.result,
  });
  const classes = field("inventoryClasses");
  const chosen = ticked(answer?.result.initialValue?.inventoryClasses);
  return (
    <Drawer title="Add New Warehouse" size="small" closeTo={listHref("/warehouses/all", location.search)}>
      <ActionToast toast={answer?.toast} />
      <Form method="post" encType="multipart/form-data" {...form} className="flex flex-col gap-1">
        <FormInput label="Warehouse Name" {...field("name")} />
        <FormInput label="Warehouse Type (optional)" {...field("type")} />
        <fieldset aria-describedby={classes.errors?.length ? classes.errorId : undefined} className="mb-1">
          <legend className="text-sm font-medium text-slate-700">Inventory Classes</legend>
          <div className="mt-1 flex flex-wrap gap-4">
            {INVENTORY_CLASSES.map((value) => (
              <label key={value} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="inventoryClasses"
                  value={value}
                  defaultChecked={chosen.has(value)}
                  className="h-4 w-4 rounded border-slate-300"
                />
                {CLASS_LABELS[value]}
              </label>
            ))}
          </div>
          <div id={classes.errorId} className="min-h-[1rem] text-xs text-red-700">
            {classes.errors?.map((message) => (
              <p key={message}>{message}</p>
            ))}
          </div>
        </fieldset>
        <ImageField
          label="Warehouse Image"
          field={field(WAREHOUSE_IMAGE_FIELD)}
          chooseAgain={Boolean(answer) && !hydrated}
        />
        <ErrorBox errors={formErrors} />
        <SubmitButton pendingText="Creating..." className="mt-2">
          Create Warehouse
        </SubmitButton>
      </Form>
    </Drawer>
  );
}

export const ErrorBoundary = SectionErrorBoundary;
