import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { SMS_TIMEOUT_MS, reportNumber } from "./africastalking";
import type { SmsProviderOptions } from "./africastalking";
import type { DeliveryReport, OutgoingSms, SendOutcome, SmsProvider } from "./provider";

export interface TermiiKeys {
  apiKey: string;
  /** A registered alphanumeric sender id (3 to 11 characters). */
  senderId: string;
  baseUrl: string;
}

const NAME = "Termii";

/**
 * Always the dnd route: these messages are transactional (tokens, reminders). The generic route is for
 * promotions, does not reach numbers on Do-Not-Disturb, and one network (MTN) blocks it from 8 PM to 8 AM.
 */
export function termiiRequest(keys: TermiiKeys, sms: OutgoingSms) {
  return {
    api_key: keys.apiKey,
    to: sms.to.replace(/\D/g, ""),
    from: keys.senderId,
    sms: sms.body,
    type: "plain",
    channel: "dnd",
  };
}

const SendAnswer = z.object({
  // A 19-digit number, written as a string: read as a JSON number it would lose its last digits, so a
  // string copy is preferred where the answer has one.
  message_id: z.union([z.string().trim().min(1), z.number()]),
  message_id_str: z.string().trim().min(1).optional(),
  code: z.string().optional(),
  message: z.string().optional(),
  balance: z.union([z.number(), z.string()]).optional(),
  user: z.string().optional(),
});

const ErrorAnswer = z.object({
  message: z.string().optional(),
  errors: z.record(z.union([z.string(), z.array(z.string())])).optional(),
});

/** Everything an error answer says, in one line. */
export function termiiErrorText(body: unknown): string {
  const parsed = ErrorAnswer.safeParse(body);
  if (!parsed.success) return "";
  const details = Object.entries(parsed.data.errors ?? {}).map(
    ([field, problems]) => `${field}: ${[problems].flat().join(", ")}`,
  );
  return [parsed.data.message, ...details].filter(Boolean).join("; ");
}

// "to: …" is how termiiErrorText writes a complaint about the destination field.
const NUMBER_WORDS = /\b(phone|number|recipient|receiver|msisdn)\b|(^|; )to: /i;
const FAULT_WORDS =
  /\b(invalid|not valid|incorrect|unsupported|not supported|wrong|format|must be|does not exist|doesn't exist)\b/i;

/** A refusal that names the destination number: the same number will be refused again. */
export function namesBadNumber(text: string) {
  return NUMBER_WORDS.test(text) && FAULT_WORDS.test(text);
}

/** What an HTTP answer other than success means for the outbox. */
export function termiiRefusalOutcome(status: number, text: string): SendOutcome {
  const said = text ? `: ${text}` : "";
  if (status === 401 || status === 403) {
    return {
      accepted: false,
      permanent: false,
      reason: `${NAME} refused the API key (HTTP ${status})${said}`,
    };
  }
  // An unapproved sender id, no balance, an outage: fixed on the account's side, after which it goes through.
  const permanent = status >= 400 && status < 500 && namesBadNumber(text);
  return { accepted: false, permanent, reason: `${NAME} answered HTTP ${status}${said}` };
}

const timedOut = (error: unknown) =>
  error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");

function unreachable(error: unknown, timeoutMs: number): SendOutcome {
  return {
    accepted: false,
    permanent: false,
    reason: timedOut(error)
      ? `${NAME} did not answer within ${timeoutMs / 1000} s`
      : `${NAME} could not be reached (${error instanceof Error ? error.message : String(error)})`,
  };
}

export function createTermiiProvider(
  keys: TermiiKeys,
  { fetchImpl = fetch, timeoutMs = SMS_TIMEOUT_MS }: SmsProviderOptions = {},
): SmsProvider {
  return {
    name: "termii",
    async send(sms) {
      let response: Response;
      let body: unknown;
      try {
        response = await fetchImpl(`${keys.baseUrl}/api/sms/send`, {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json" },
          body: JSON.stringify(termiiRequest(keys, sms)),
          signal: AbortSignal.timeout(timeoutMs),
        });
        const text = await response.text();
        try {
          body = JSON.parse(text) as unknown;
        } catch {
          body = { message: text.trim().slice(0, 200) };
        }
      } catch (error) {
        return unreachable(error, timeoutMs);
      }
      if (!response.ok) return termiiRefusalOutcome(response.status, termiiErrorText(body));
      const parsed = SendAnswer.safeParse(body);
      if (!parsed.success) {
        const text = termiiErrorText(body);
        return {
          accepted: false,
          permanent: namesBadNumber(text),
          reason: `${NAME} answered ${response.status} without a message id${text ? `: ${text}` : ""}`,
        };
      }
      return { accepted: true, providerId: parsed.data.message_id_str ?? String(parsed.data.message_id) };
    },
  };
}

const SIGNATURE = /^[0-9a-f]{128}$/i;

/** X-Termii-Signature: the HMAC-SHA512, in hex, of the raw body with the account's secret key. */
export function termiiSignatureMatches(
  rawBody: string,
  signature: string | undefined,
  secretKey: string,
): boolean {
  if (!signature || !secretKey) return false;
  const given = signature.trim();
  if (!SIGNATURE.test(given)) return false;
  const expected = createHmac("sha512", secretKey).update(rawBody, "utf8").digest();
  const received = Buffer.from(given, "hex");
  return received.length === expected.length && timingSafeEqual(received, expected);
}

/**
 * The statuses of Termii's outbound-message events, by their words before any " | " explanation. Expired
 * means the phone stayed off or out of signal until the network gave up; Rejected, like DND Active, that
 * the number's do-not-disturb setting refused it.
 */
const REPORT_STATUSES = new Map<string, { status: DeliveryReport["status"]; reason: string | null }>([
  ["delivered", { status: "DELIVERED", reason: null }],
  ["received", { status: "DELIVERED", reason: null }],
  ["sent", { status: "SENT", reason: null }],
  ["message sent", { status: "SENT", reason: null }],
  ["message failed", { status: "FAILED", reason: "the network could not deliver it" }],
  ["failed", { status: "FAILED", reason: "the network could not deliver it" }],
  [
    "expired",
    { status: "FAILED", reason: "the phone stayed off or out of signal until the network gave up" },
  ],
  ["rejected", { status: "REJECTED", reason: "the network refused it" }],
  ["dnd active on phone number", { status: "REJECTED", reason: "do-not-disturb is active on the number" }],
]);

const ReportEvent = z.object({
  type: z.string().optional(),
  message_id: z.union([z.string().trim().min(1), z.number()]),
  receiver: z.string().optional(),
  status: z.string(),
});

/** Event types that are not about a message the outbox sent. */
const OTHER_EVENTS = new Set(["inbound", "device_status"]);

/** An outbound-message (delivery report) event of Termii's webhook; null for any other event. */
export function parseTermiiReport(body: unknown): DeliveryReport | null {
  const parsed = ReportEvent.safeParse(body);
  if (!parsed.success) return null;
  if (parsed.data.type && OTHER_EVENTS.has(parsed.data.type.toLowerCase())) return null;
  const words = parsed.data.status.split("|")[0]?.trim() ?? "";
  const known = REPORT_STATUSES.get(words.toLowerCase());
  if (!known) return null;
  return {
    provider: "termii",
    providerId: String(parsed.data.message_id),
    to: reportNumber(parsed.data.receiver),
    status: known.status,
    reason: known.reason ? `${NAME}: ${words} (${known.reason})` : null,
  };
}
