import type { MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { ACCOUNT_ACTIONS } from "#backend/constants/account-actions";
import { SectionErrorBoundary } from "~/components/error-panel";
import { AccountActionPage } from "~/features/sales/account-actions";
import type { action, loader } from "~/features/sales/account-actions.server";
import type { loader as saleLoader } from "./_app.sales.$saleId";

export { action, loader } from "~/features/sales/account-actions.server";

const SALE_ROUTE = "routes/_app.sales.$saleId";

export const meta: MetaFunction<typeof loader, { [SALE_ROUTE]: typeof saleLoader }> = ({
  data: loaded,
  matches,
}) => {
  const sale = matches.find((match) => match.id === SALE_ROUTE)?.data?.sale;
  const title = loaded ? ACCOUNT_ACTIONS[loaded.action].title : "Account action";
  return [{ title: sale ? `${title} — Sale ${sale.saleNumber} — SolarDesk` : `${title} — SolarDesk` }];
};

export default function AccountActionRoute() {
  const { action: actionKey, returnedItems, quote } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const sale = useRouteLoaderData<typeof saleLoader>(SALE_ROUTE)?.sale;
  if (!sale?.account) return <p>This sale has no installment account.</p>;
  return (
    <AccountActionPage
      key={actionKey}
      sale={sale}
      account={sale.account}
      actionKey={actionKey}
      answer={answer}
      returnedItems={returnedItems}
      quote={quote}
    />
  );
}

export const ErrorBoundary = SectionErrorBoundary;
