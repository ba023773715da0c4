import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { SectionErrorBoundary } from "~/components/error-panel";
import { CustomerListPage } from "~/features/customers/customer-list";
import { customerListLoader } from "~/features/customers/customer-list.server";

export const meta: MetaFunction = () => [{ title: "Active Customers — SolarDesk" }];

export async function loader(args: LoaderFunctionArgs) {
  return customerListLoader("active", args);
}

export default function ActiveCustomersRoute() {
  return <CustomerListPage />;
}

export const ErrorBoundary = SectionErrorBoundary;
