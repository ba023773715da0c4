// Printed beside each figure of the book: lenders ask which measure a portfolio report uses. Apart from
// one account's definitions (ACCOUNT_DEFINITIONS in portfolio.ts), which the sale and customer pages print
// without loading these.

export const PORTFOLIO_DEFINITIONS = {
  par: "PAR X: the outstanding balance of active accounts more than X days late, divided by the outstanding balance of all active accounts. The whole balance of a late account counts, not only its arrears. By count: the same with accounts instead of balances.",
  writtenOff:
    "Written off: accounts closed as a loss after they defaulted, and the outstanding balance they had then less anything paid since. They are not active, so they count in no PAR figure.",
  buckets: "Active accounts by days late (days without credit); the amount is their outstanding balance.",
  collectionRate:
    "Collection rate: money received in the period towards monthly installments, divided by the monthly installments that fell due in the period. Deposits are left out of both; cancelled accounts and accounts paid off before the period began are left out.",
  firstPaymentDefault:
    "First-payment default: accounts whose first monthly installment was not fully paid within 30 days of its due date, divided by accounts whose first installment is at least 30 days past due; by sale month (the last twelve listed). Cancelled accounts are left out.",
  defaultRate:
    "Default rate: accounts that became defaulted (more than 90 days late) in the month, divided by the accounts active at the month's start.",
  vintage:
    "Vintage: for each sale month, everything paid so far divided by everything due so far, at the end of each month since the sale (month 0 is the sale month; the current month is today's figure).",
  salesOverTime:
    "Sales: units and value of the installment sales made each month (the last twelve) or week (Monday to Sunday, the last thirteen), by product category. Collections: money received for them in each, cash and online.",
  agents:
    "Per agent, the twenty with the largest outstanding balance: accounts sold, their value, the outstanding balance of the active ones and the agent's PAR 30 by balance. The filters above choose any agent.",
} as const;
