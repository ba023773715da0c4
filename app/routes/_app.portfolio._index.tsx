import type { MetaFunction } from "@remix-run/node";
import { SectionErrorBoundary } from "~/components/error-panel";
import { PortfolioDashboard } from "~/features/portfolio/dashboard";

export { portfolioLoader as loader } from "~/features/portfolio/portfolio.server";

export const meta: MetaFunction = () => [{ title: "Portfolio — SolarDesk" }];

export default function PortfolioRoute() {
  return <PortfolioDashboard />;
}

export const ErrorBoundary = SectionErrorBoundary;
