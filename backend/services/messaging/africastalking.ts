import { z } from "zod";
import type { DeliveryReport, OutgoingSms, SendOutcome, SmsProvider } from "./provider";

/**
 * Africa's Talking's HTTP SMS API, spoken with fetch: its npm package fixes its own host, so it could not be
 * pointed at the local fake the tests use.
 */
export interface AfricasTalkingKeys {
  username: string;
  apiKey: string;
  /** A registered alphanumeric or short code; without one the account's default sender is used. */
  senderId: string | null;
  baseUrl: string;
}

export interface SmsProviderOptions {
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
}

export const SMS_TIMEOUT_MS = 15_000;

const NAME = "Africa's Talking";

/** The recipient status codes of a send, by what they mean for the outbox. */
const ACCEPTED_CODES = new Map([
  [100, "Processed"],
  [101, "Sent"],
  [102, "Queued"],
]);
// The number itself is at fault: sending it again cannot help.
const PERMANENT_CODES = new Map([
  [403, "InvalidPhoneNumber"],
  [404, "UnsupportedNumberType"],
  [406, "UserInBlacklist"],
  [407, "CouldNotRoute"],
  [409, "DoNotDisturbRejection"],
]);
// The account or the gateway is at fault (a hold, an unregistered sender, no credit, an outage): the same
// message may go through once that is fixed.
const RETRY_CODES = new Map([
  [401, "RiskHold"],
  [402, "InvalidSenderId"],
  [405, "InsufficientBalance"],
  [500, "InternalServerError"],
  [501, "GatewayError"],
  [502, "RejectedByGateway"],
]);

const Recipient = z.object({
  statusCode: z.coerce.number().int(),
  number: z.string().optional(),
  status: z.string().optional(),
  cost: z.string().optional(),
  messageId: z.string().optional(),
});
export type AfricasTalkingRecipient = z.infer<typeof Recipient>;

const SendAnswer = z.object({
  SMSMessageData: z.object({ Message: z.string().optional(), Recipients: z.array(Recipient) }),
});

/** The outbox keeps 234…; Africa's Talking wants the "+". */
export const africasTalkingNumber = (to: string) => `+${to.replace(/\D/g, "")}`;

export function africasTalkingForm(keys: AfricasTalkingKeys, sms: OutgoingSms): URLSearchParams {
  const form = new URLSearchParams({
    username: keys.username,
    to: africasTalkingNumber(sms.to),
    message: sms.body,
  });
  if (keys.senderId) form.set("from", keys.senderId);
  return form;
}

/** What one recipient's line of the answer means; an unknown code is retried rather than lost. */
export function africasTalkingRecipientOutcome(recipient: AfricasTalkingRecipient): SendOutcome {
  const code = recipient.statusCode;
  const accepted = ACCEPTED_CODES.has(code);
  if (accepted && recipient.messageId && recipient.messageId !== "None") {
    return { accepted: true, providerId: recipient.messageId };
  }
  const name =
    PERMANENT_CODES.get(code) ??
    RETRY_CODES.get(code) ??
    ACCEPTED_CODES.get(code) ??
    recipient.status ??
    "Unknown";
  const reason = `${NAME}: ${name} (${code})${accepted ? " without a message id" : ""}`;
  return { accepted: false, permanent: PERMANENT_CODES.has(code), reason };
}

/**
 * A send refused as a whole names its reason in Message and lists no recipient; a name that is one of the
 * recipient codes' is judged like that code.
 */
export function africasTalkingMessageOutcome(message: string | undefined): SendOutcome {
  const text = (message ?? "").trim();
  const permanent = [...PERMANENT_CODES.values()].some((name) => text.includes(name));
  return {
    accepted: false,
    permanent,
    reason: `${NAME}: ${text || "no recipient in the answer"}`,
  };
}

async function answerText(response: Response) {
  try {
    return (await response.text()).trim().slice(0, 200);
  } catch {
    return "";
  }
}

function unreachable(error: unknown, timeoutMs: number): SendOutcome {
  const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
  return {
    accepted: false,
    permanent: false,
    reason: timedOut
      ? `${NAME} did not answer within ${timeoutMs / 1000} s`
      : `${NAME} could not be reached (${error instanceof Error ? error.message : String(error)})`,
  };
}

export function createAfricasTalkingProvider(
  keys: AfricasTalkingKeys,
  { fetchImpl = fetch, timeoutMs = SMS_TIMEOUT_MS }: SmsProviderOptions = {},
): SmsProvider {
  return {
    name: "africastalking",
    async send(sms) {
      let response: Response;
      try {
        response = await fetchImpl(`${keys.baseUrl}/version1/messaging`, {
          method: "POST",
          headers: {
            apiKey: keys.apiKey,
            accept: "application/json",
            "content-type": "application/x-www-form-urlencoded",
          },
          body: africasTalkingForm(keys, sms).toString(),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        return unreachable(error, timeoutMs);
      }
      // A refused key, a malformed request or an outage: none says the number is wrong, so it is retried.
      if (!response.ok) {
        const text = await answerText(response);
        return {
          accepted: false,
          permanent: false,
          reason: `${NAME} answered HTTP ${response.status}${text ? `: ${text}` : ""}`,
        };
      }
      let body: unknown;
      try {
        body = await response.json();
      } catch (error) {
        // A timeout can also strike while the body is read.
        if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
          return unreachable(error, timeoutMs);
        }
        return {
          accepted: false,
          permanent: false,
          reason: `${NAME} answered ${response.status} without JSON`,
        };
      }
      const parsed = SendAnswer.safeParse(body);
      if (!parsed.success) {
        return {
          accepted: false,
          permanent: false,
          reason: `${NAME} answered ${response.status} in an unexpected shape`,
        };
      }
      const [recipient] = parsed.data.SMSMessageData.Recipients;
      return recipient
        ? africasTalkingRecipientOutcome(recipient)
        : africasTalkingMessageOutcome(parsed.data.SMSMessageData.Message);
    },
  };
}

const REPORT_STATUSES = new Map<string, DeliveryReport["status"]>([
  ["Success", "DELIVERED"],
  ["Failed", "FAILED"],
  ["Rejected", "REJECTED"],
  ["Sent", "SENT"],
  ["Submitted", "SENT"],
  ["Buffered", "SENT"],
]);

// The documented failure reasons, in words a staff member reads on the message.
const FAILURE_REASONS = new Map([
  ["InsufficientCredit", "the subscriber has no airtime for this message"],
  ["InvalidLinkId", "the message answered an unknown link id"],
  ["UserIsInactive", "the number is inactive or deactivated by the network"],
  ["UserInBlackList", "the number has blocked messages from this sender"],
  ["UserAccountSuspended", "the subscriber's account is suspended"],
  ["NotNetworkSubscriber", "the number is not on the network the message went to"],
  ["UserNotSubscribedToProduct", "the subscriber is not subscribed to this service"],
  ["UserDoesNotExist", "the number does not exist"],
  ["DeliveryFailure", "the network could not deliver it"],
]);

const ReportFields = z.object({
  id: z.string().trim().min(1),
  status: z.string().trim(),
  phoneNumber: z.string().optional(),
  failureReason: z.string().trim().optional(),
});

/** Digits only (234…), as the outbox keeps numbers; null when there are none. */
export const reportNumber = (value: string | undefined) => {
  const digits = (value ?? "").replace(/\D/g, "");
  return digits || null;
};

function reportReason(status: DeliveryReport["status"], failureReason: string | undefined) {
  if (status === "DELIVERED" || status === "SENT") return null;
  const word = status === "REJECTED" ? "Rejected" : "Failed";
  if (!failureReason) return `${NAME}: ${word}`;
  const plain = FAILURE_REASONS.get(failureReason);
  return `${NAME}: ${word}, ${failureReason}${plain ? ` (${plain})` : ""}`;
}

/**
 * A delivery report as Africa's Talking posts it (form fields id, status, phoneNumber, networkCode,
 * failureReason, retryCount); null for anything that is not one.
 */
export function parseAfricasTalkingReport(fields: Record<string, string>): DeliveryReport | null {
  const parsed = ReportFields.safeParse(fields);
  if (!parsed.success) return null;
  const status = REPORT_STATUSES.get(parsed.data.status);
  if (!status) return null;
  return {
    provider: "africastalking",
    providerId: parsed.data.id,
    to: reportNumber(parsed.data.phoneNumber),
    status,
    reason: reportReason(status, parsed.data.failureReason || undefined),
  };
}
