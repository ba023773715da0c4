// Values the browser shares with the API, free of zod.

export const CUSTOMER_EMAIL_HINT =
  "Leave empty if the customer has none: tokens and receipts are then handed over printed";
