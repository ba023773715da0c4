/** The SMS gateways a message can go through; "sandbox" records what would be sent and sends nothing. */
export const SMS_PROVIDERS = ["sandbox", "africastalking", "termii"] as const;
export type SmsProviderName = (typeof SMS_PROVIDERS)[number];

/** `to` is the international form without "+" (234…), the outbox's normalised number. */
export interface OutgoingSms {
  to: string;
  body: string;
}

/**
 * What a gateway said of one message. `accepted` means it took it (status SENT) and gave its id, which its
 * delivery reports quote. Not accepted: `permanent` says retrying cannot help (an invalid number, a number
 * on a blacklist: status REJECTED); otherwise it is tried again later (a timeout, a 5xx, no balance).
 */
export type SendOutcome =
  { accepted: true; providerId: string } | { accepted: false; permanent: boolean; reason: string };

export interface SmsProvider {
  name: SmsProviderName;
  send(sms: OutgoingSms): Promise<SendOutcome>;
}

/** A delivery report in the outbox's words, whichever gateway sent it. */
export interface DeliveryReport {
  provider: SmsProviderName;
  providerId: string;
  /** The number the gateway says it delivered to (234…), checked against the message's. */
  to: string | null;
  status: "DELIVERED" | "FAILED" | "REJECTED" | "SENT";
  reason: string | null;
}

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
}

export interface EmailProvider {
  name: "log" | "outbox-dir" | "smtp";
  send(email: OutgoingEmail): Promise<SendOutcome>;
}
