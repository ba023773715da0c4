import { SALE_FILE_COLUMNS } from "#backend/constants/sale-uploads";

export function SaleFileColumns() {
  return (
    <details className="mt-3 rounded-lg border border-slate-200 p-3 text-sm" open>
      <summary className="cursor-pointer font-medium text-slate-900">Columns of the file</summary>
      <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
        {SALE_FILE_COLUMNS.map((column) => (
          <div key={column.header} className="contents">
            <dt className="font-mono text-slate-900">
              {column.header}
              {column.required ? <span className="text-red-700"> (required)</span> : null}
            </dt>
            <dd className="text-slate-700">{column.hint}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-slate-700">
        Each row is one sale of one product, checked like a sale made on screen and priced from today&apos;s
        stock. The customer receives the devices; installment sales need no KYC here (the contract was signed
        where the sale was made); amountPaid becomes one payment of that method.
      </p>
    </details>
  );
}
