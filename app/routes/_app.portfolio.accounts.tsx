import type { MetaFunction } from "@remix-run/node";
import { SectionErrorBoundary } from "~/components/error-panel";
import { AccountListPage } from "~/features/portfolio/account-list";

export { accountListLoader as loader } from "~/features/portfolio/portfolio.server";

export const meta: MetaFunction = () => [{ title: "Portfolio accounts — SolarDesk" }];

export default function PortfolioAccountsRoute() {
  return <AccountListPage />;
}

export const ErrorBoundary = SectionErrorBoundary;
