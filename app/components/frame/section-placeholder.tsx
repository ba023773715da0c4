import type { MetaFunction } from "@remix-run/node";
import { useParams } from "@remix-run/react";
import { EmptyState } from "../empty-state";
import type { SectionKey } from "~/utils/navigation";
import { SECTIONS } from "~/utils/navigation";

const PURPOSE: Record<SectionKey, string> = {
  sales: "Sales created for customers, their payments and installments",
  customers: "Customers, their contact details and addresses",
  agents: "The agents who sell to customers",
  products: "Products in the SHS, EAAS and Rooftop categories, with their prices",
  inventory: "Stock items and their batches, by warehouse",
  warehouses: "Warehouses and the stock they hold",
  devices: "Tokenable devices and their codes",
  support: "Support tickets raised for customers",
  tickets: "Support tickets raised for customers",
  // Every settings page is built; an unknown one is sent to Profile by the section's layout.
  settings: "Settings",
};

function tabTitle(section: SectionKey, tab: string | undefined) {
  const definition = SECTIONS[section];
  return (
    definition.tabs.find((item) => item.key === (tab ?? definition.tabs[0].key))?.title ?? definition.title
  );
}

export function SectionPlaceholder({ section, tab }: { section: SectionKey; tab: string }) {
  const title = tabTitle(section, tab);
  return (
    <EmptyState title={`${title}: nothing here yet`}>
      <p>{PURPOSE[section]} will be listed here.</p>
      <p className="mt-1">This area is not available in this version of the back office yet.</p>
    </EmptyState>
  );
}

export function placeholderMeta(section: SectionKey): MetaFunction {
  return ({ params }) => [{ title: `${tabTitle(section, params.tab)} — SolarDesk` }];
}

export function placeholderPage(section: SectionKey) {
  return function PlaceholderPage() {
    const { tab } = useParams();
    return <SectionPlaceholder section={section} tab={tab ?? SECTIONS[section].tabs[0].key} />;
  };
}
