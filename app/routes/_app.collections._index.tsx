import type { MetaFunction } from "@remix-run/node";
import { SectionErrorBoundary } from "~/components/error-panel";
import { Worklist } from "~/features/collections/worklist";

export {
  worklistAction as action,
  worklistLoader as loader,
} from "~/features/collections/collections.server";

export const meta: MetaFunction = () => [{ title: "Collections — SolarDesk" }];

export default function CollectionsRoute() {
  return <Worklist />;
}

export const ErrorBoundary = SectionErrorBoundary;
