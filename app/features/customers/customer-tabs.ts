/** The customer list's tabs and the filter each one applies (spec 001 §2). */
export const CUSTOMER_TABS = {
  all: { title: "All Customers", query: {} },
  new: { title: "New", query: { isNew: "true" } },
  active: { title: "Active", query: { status: "active" } },
  barred: { title: "Barred", query: { status: "barred" } },
  // Defaulting means overdue instalments, which need sales; until sales exist the tab lists nobody.
  defaulting: { title: "Defaulting", query: null },
} as const;

export type CustomerTab = keyof typeof CUSTOMER_TABS;
