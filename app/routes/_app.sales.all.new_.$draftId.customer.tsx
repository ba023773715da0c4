import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Drawer } from "~/components/drawer";
import { EmptyListState } from "~/components/empty-state";
import { Pagination } from "~/components/pagination";
import { ActionToast } from "~/components/toaster";
import { draftPath } from "~/features/sale-flow/paths";
import { PickerSearch, SelectedCounter, doneButtonClass } from "~/features/sale-flow/picker-parts";
import { emailShown, fullName } from "~/utils/format";
import { useHydrated } from "~/utils/use-hydrated";
import { useLiveForm } from "~/utils/use-live-form";
import type { action, loader } from "~/features/sale-flow/customer-step.server";

export { action, loader } from "~/features/sale-flow/customer-step.server";

const loadSelectCustomerSchema = () =>
  import("~/features/sale-flow/schemas").then((module) => module.SelectCustomerSchema);

export const meta: MetaFunction = () => [{ title: "Select Customer — New Sale — SolarDesk" }];

export default function SelectCustomerRoute() {
  const { draftId, search, customers, selected, selectedParam } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { form, field, formErrors } = useLiveForm({
    loadSchema: loadSelectCustomerSchema,
    lastResult: actionData?.result,
  });
  const customer = field("customerId");
  const hydrated = useHydrated();
  const errors = [...(customer.errors ?? []), ...formErrors];
  const offset = customers ? (customers.page - 1) * customers.limit : 0;
  return (
    <Drawer title="Select Customer" size="large" closeTo={draftPath(draftId)}>
      <ActionToast toast={actionData?.toast} />
      <PickerSearch
        label="Search customers"
        placeholder="Search customers here"
        defaultValue={search}
        keep={{ selected: selectedParam }}
      />
      <Link
        to={`/customers/all/new?forDraft=${encodeURIComponent(draftId)}`}
        className="mt-3 inline-block text-sm font-medium text-brand-700 hover:underline"
      >
        New customer (chosen for this sale once saved)
      </Link>
      {customers === null ? (
        <p role="alert" className="mt-4 text-sm text-red-700">
          Failed to fetch customers
        </p>
      ) : customers.total === 0 ? (
        <EmptyListState searching={Boolean(search)} clearHref={draftPath(draftId, "customer")} />
      ) : (
        <>
          {/* Each row is a button of a GET form: the choice lives in the URL until Done saves it. */}
          <Form method="get" preventScrollReset className="mt-4 overflow-x-auto">
            {search ? <input type="hidden" name="search" value={search} /> : null}
            {customers.page > 1 ? <input type="hidden" name="page" value={customers.page} /> : null}
            <table aria-label="Customers" className="w-full text-left text-sm">
              <thead className="bg-slate-50 text-xs uppercase text-slate-600">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    S/N
                  </th>
                  <th scope="col" className="px-3 py-2">
                    NAME
                  </th>
                  <th scope="col" className="px-3 py-2">
                    LOCATION
                  </th>
                  <th scope="col" className="px-3 py-2">
                    EMAIL
                  </th>
                  <th scope="col" className="px-3 py-2">
                    PHONE
                  </th>
                </tr>
              </thead>
              <tbody>
                {customers.customers.map((row, index) => {
                  const isSelected = row.id === selected;
                  const name = fullName(row);
                  return (
                    <tr
                      key={row.id}
                      onClick={(event) => {
                        // With JavaScript the whole row answers the click, as its button does.
                        if (event.target instanceof Element && event.target.closest("button")) return;
                        event.currentTarget.querySelector("button")?.click();
                      }}
                      className={`cursor-pointer border-b border-slate-100 ${isSelected ? "bg-brand-50" : "hover:bg-slate-50"}`}
                    >
                      <td className="px-3 py-2">{offset + index + 1}</td>
                      <td className="px-3 py-2">
                        <button
                          type="submit"
                          name="selected"
                          value={isSelected ? "" : row.id}
                          aria-pressed={isSelected}
                          className="text-left font-medium text-slate-900 underline-offset-2 hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600"
                        >
                          {name}
                        </button>
                        {isSelected ? (
                          <span className="ml-2 text-xs font-semibold text-brand-700">Selected</span>
                        ) : null}
                      </td>
                      <td className="px-3 py-2">{row.location}</td>
                      <td className="px-3 py-2">{emailShown(row.email)}</td>
                      <td className="whitespace-nowrap px-3 py-2">{row.phone}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </Form>
          <Pagination
            page={customers.page}
            limit={customers.limit}
            total={customers.total}
            totalPages={customers.totalPages}
            label="customers"
          />
        </>
      )}
      <Form
        method="post"
        {...form}
        className="mt-6 flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-4"
      >
        <SelectedCounter count={selected ? 1 : 0} />
        <input type="hidden" name="customerId" value={selected ?? ""} />
        {/* Without JavaScript an empty Done reaches the server, which says why it is refused. */}
        <button type="submit" disabled={hydrated && !selected} className={doneButtonClass}>
          Done
        </button>
        {errors.length ? (
          <div id={customer.errorId} role="alert" className="w-full text-sm text-red-700">
            {errors.map((message) => (
              <p key={message}>{message}</p>
            ))}
          </div>
        ) : null}
      </Form>
    </Drawer>
  );
}
