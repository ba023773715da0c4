import type { TemplateVariable } from "./messages";

// What each variable of a template stands for, said beside the template editor: apart from the message
// constants so that the pages listing messages do not load it.

export const TEMPLATE_VARIABLE_MEANINGS: Record<TemplateVariable, string> = {
  customerName: "The customer's first name",
  amount: "The payment's amount, or the amount due for a reminder",
  balance: "What the customer still owes on the account",
  token: "The device token(s) to enter, with the device's serial when there are several",
  days: "Days bought or added; for a reminder, days until or since the due day",
  dueDate: "The day the credit runs out (the next payment is due)",
  deviceSerial: "The device's serial number",
  saleNumber: "The sale's number",
  businessName: "The business's name (Settings → Business)",
  businessPhone: "The business's phone (Settings → Business)",
};
