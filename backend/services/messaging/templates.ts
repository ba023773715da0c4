import { KIND_VARIABLES, TEMPLATE_VARIABLES } from "../../constants/messages";
import type { MessageChannel, MessageKind, TemplateVariable } from "../../constants/messages";
import { formatNaira, formatNumber } from "../../constants/money";
import { koboToNaira } from "../../schemas/money";

export type MessageValues = Partial<Record<TemplateVariable, string>>;

const VARIABLE = /\{([^{}\s]*)\}/g;

const isVariable = (name: string): name is TemplateVariable =>
  (TEMPLATE_VARIABLES as readonly string[]).includes(name);

/** Every `{name}` replaced by its value; a known variable without a value reads as nothing. */
export const renderTemplate = (body: string, values: MessageValues) =>
  body.replace(VARIABLE, (whole, name: string) => (isVariable(name) ? (values[name] ?? "") : whole));

/** The variables a template names that its kind has no value for, in the order written, once each. */
export function unknownVariables(body: string, kind: MessageKind): string[] {
  const allowed: readonly string[] = KIND_VARIABLES[kind];
  const unknown = [...body.matchAll(VARIABLE)]
    .map((match) => match[1])
    .filter((name) => !allowed.includes(name));
  return [...new Set(unknown)];
}

export const unknownVariablesMessage = (unknown: string[], kind: MessageKind) =>
  `Unknown ${unknown.length === 1 ? "variable" : "variables"} ${unknown.map((name) => `{${name}}`).join(", ")}: ` +
  `this message can use ${KIND_VARIABLES[kind].map((name) => `{${name}}`).join(", ")}`;

/**
 * Money as the customer reads it. An SMS says "NGN": "₦" is outside the GSM alphabet and would make the
 * whole text UCS-2, less than half as many characters per SMS.
 */
export const moneyFor = (channel: MessageChannel, kobo: number) =>
  channel === "SMS" ? `NGN ${formatNumber(koboToNaira(kobo))}` : formatNaira(koboToNaira(kobo));

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** A calendar day as a customer reads it: "5 Dec 2026". */
export function dayForCustomer(date: string): string {
  const [year, month, day] = date.split("-").map(Number);
  return `${day} ${MONTHS[month - 1]} ${year}`;
}

/** Tokens as the customer enters them: the serial beside each one when there are several devices. */
export function tokensText(tokens: { serialNumber: string; token: string }[]): string {
  if (tokens.length === 0) return "to follow";
  const serials = new Set(tokens.map((token) => token.serialNumber));
  return serials.size === 1
    ? tokens.map((token) => token.token).join(", then ")
    : tokens.map((token) => `${token.serialNumber}: ${token.token}`).join("; ");
}
