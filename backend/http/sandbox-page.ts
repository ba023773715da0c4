import { escapeHtml } from "../services/html";
import type { SandboxCheckout } from "../services/online-payments";

const naira = (amount: number) =>
  `₦${amount.toLocaleString("en-NG", { minimumFractionDigits: 0, maximumFractionDigits: 2 })}`;

/** The page's own policy: no script at all, its forms post only back here. */
export const SANDBOX_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/**
 * The built-in provider's hosted checkout: a plain page (no script), amount, reference, Pay and Cancel,
 * and a field to pay another amount (to see a mismatch refused). It says plainly that no money moves.
 */
export function sandboxPage(checkout: SandboxCheckout, problem?: string): string {
  const open = checkout.status === "PENDING";
  const action = `/api/v1/payment/sandbox/${encodeURIComponent(checkout.reference)}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox checkout</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f5f5f4; color: #1c1917; margin: 0; padding: 2rem 1rem; }
  main { max-width: 28rem; margin: 0 auto; background: #fff; border-radius: 0.75rem; padding: 1.5rem; box-shadow: 0 1px 3px rgb(0 0 0 / 0.15); }
  h1 { font-size: 1.25rem; margin-top: 0; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 0.5rem 1rem; }
  dt { color: #57534e; } dd { margin: 0; font-weight: 600; word-break: break-all; }
  .note { background: #fef3c7; border-radius: 0.5rem; padding: 0.75rem; }
  .problem { background: #fee2e2; color: #991b1b; border-radius: 0.5rem; padding: 0.75rem; }
  label { display: block; margin: 1rem 0 0.25rem; }
  input { width: 100%; box-sizing: border-box; padding: 0.5rem; border: 1px solid #78716c; border-radius: 0.375rem; font-size: 1rem; }
  .actions { display: flex; gap: 0.75rem; margin-top: 1rem; }
  button { padding: 0.6rem 1.2rem; border-radius: 0.375rem; font-size: 1rem; cursor: pointer; border: 1px solid #1c1917; }
  button.pay { background: #166534; color: #fff; border-color: #166534; }
  button.cancel { background: #fff; color: #1c1917; }
  button:focus-visible, input:focus-visible, a:focus-visible { outline: 3px solid #2563eb; outline-offset: 2px; }
</style>
</head>
<body>
<main>
<h1>Sandbox checkout</h1>
<p class="note">This is the built-in test payment provider: no real money moves.</p>
${problem ? `<p class="problem" role="alert">${escapeHtml(problem)}</p>` : ""}
<dl>
  <dt>Amount</dt><dd>${escapeHtml(naira(checkout.amount))} ${escapeHtml(checkout.currency)}</dd>
  <dt>Reference</dt><dd>${escapeHtml(checkout.reference)}</dd>
  <dt>Customer</dt><dd>${escapeHtml(checkout.customerEmail)}</dd>
</dl>
${
  open
    ? `<form method="post" action="${escapeHtml(action)}">
  <label for="amount">Amount to pay (₦)</label>
  <input id="amount" name="amount" inputmode="decimal" value="${escapeHtml(String(checkout.amount))}" aria-describedby="amount-hint">
  <p id="amount-hint">Change it to try paying a different amount.</p>
  <div class="actions">
    <button class="pay" type="submit" name="decision" value="pay">Pay</button>
    <button class="cancel" type="submit" name="decision" value="cancel" formnovalidate>Cancel</button>
  </div>
</form>`
    : `<p>This checkout is closed (${escapeHtml(checkout.status.toLowerCase())}). Start a new payment from the sale.</p>
<p><a href="/sales/${encodeURIComponent(checkout.saleId)}">Back to the sale</a></p>`
}
</main>
</body>
</html>`;
}
