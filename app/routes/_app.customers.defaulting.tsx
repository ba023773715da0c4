import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { SectionErrorBoundary } from "~/components/error-panel";
import { CustomerListPage } from "~/features/customers/customer-list";
import { customerListLoader } from "~/features/customers/customer-list.server";

export const meta: MetaFunction = () => [{ title: "Defaulting Customers — SolarDesk" }];

export async function loader(args: LoaderFunctionArgs) {
  return customerListLoader("defaulting", args);
}

export default function DefaultingCustomersRoute() {
  return <CustomerListPage />;
}

export const ErrorBoundary = SectionErrorBoundary;
