import { KIND_VARIABLES, TEMPLATE_VARIABLES } from "../../constants/messages";
import type { MessageChannel, MessageKind, TemplateVariable } from "../../constants/messages";
import { formatNaira, formatNumber } from "../../constants/money";
import { koboToNaira } from "../../schemas/money";

export type MessageValues = Partial<Record<TemplateVariable, string>>;

const VARIABLE = /\{([^{}\s]*)\}/g;

const isVariable = (name: string): name is TemplateVariable =>
  (TEMPLATE_VARIABLES as readonly string[]).includes(name);

const fill = (text: string, values: MessageValues) =>
  text.replace(VARIABLE, (whole, name: string) => (isVariable(name) ? (values[name] ?? "") : whole));

const lacksValue = (sentence: string, values: MessageValues) =>
  [...sentence.matchAll(VARIABLE)].some(([, name]) => isVariable(name) && !values[name]);

/**
 * Every `{name}` replaced by its value. A sentence naming a variable this message has no value for is left
 * out, so that a customer reads no "Your token:  ( days)." after a payment that bought no token.
 */
export function renderTemplate(body: string, values: MessageValues) {
  // Sentences with the spaces or line breaks after them: ["Hi {customerName}.", " ", "Token {token}."…].
  const pieces = body.split(/(?<=[.!?])(\s+)/);
  let text = "";
  for (let index = 0; index < pieces.length; index += 2) {
    if (lacksValue(pieces[index], values)) continue;
    text += fill(pieces[index], values) + (pieces[index + 1] ?? "");
  }
  return text.trimEnd();
}

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

/**
 * Tokens as the customer enters them: the serial beside each one when there are several devices; none
 * (a payment that bought no day) leaves the sentences naming {token} out of the message.
 */
export function tokensText(tokens: { serialNumber: string; token: string }[]): string | undefined {
  if (tokens.length === 0) return undefined;
  const serials = new Set(tokens.map((token) => token.serialNumber));
  return serials.size === 1
    ? tokens.map((token) => token.token).join(", then ")
    : tokens.map((token) => `${token.serialNumber}: ${token.token}`).join("; ");
}
