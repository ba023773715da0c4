import type { MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useOutlet } from "@remix-run/react";
import { Drawer } from "~/components/drawer";
import { SectionErrorBoundary } from "~/components/error-panel";
import { SALES_LIST_PATH } from "~/features/sale-flow/paths";
import { PanelBehind, SaleForm } from "~/features/sale-flow/sale-form";
import type { action, loader } from "~/features/sale-flow/sale-form.server";

export { action, loader } from "~/features/sale-flow/sale-form.server";

export const meta: MetaFunction = () => [{ title: "Create Sale — SolarDesk" }];
const TITLE = "Create New Sale";

export default function SaleDraftRoute() {
  const { draft, agents } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const outlet = useOutlet();
  const form = <SaleForm draft={draft} agents={agents} answer={actionData} />;
  // A modal of the flow is the one dialog on the page; the form stays in view behind it.
  if (outlet) {
    return (
      <>
        <PanelBehind title={TITLE}>{form}</PanelBehind>
        {outlet}
      </>
    );
  }
  return (
    <Drawer title={TITLE} size="large" closeTo={SALES_LIST_PATH}>
      {form}
    </Drawer>
  );
}

export const ErrorBoundary = SectionErrorBoundary;
