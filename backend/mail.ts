import { randomBytes } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { createTransport } from "nodemailer";
import { z } from "zod";
import { DEFAULT_MAIL_FROM } from "./config";
import type { BackendConfig } from "./config";
import { log } from "./log";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The action link the text carries (invite, reset), kept apart so tests and tools need not parse text. */
  link?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * No mail transport: the message goes to the log. Its text carries a sign-in link (an invitation, a reset),
 * so only a development server writes it; production logs who it was for and what, never the link.
 */
export function createLogMailer({ withText }: { withText: boolean }): Mailer {
  return {
    async send(message) {
      if (withText) log.info(`[mail] to ${message.to}: ${message.subject}\n${message.text}`);
      else
        log.warn(
          { to: message.to, subject: message.subject },
          "Mail not sent: no mail transport is configured (its text, with any link, is not logged in production)",
        );
    },
  };
}

export function createOutboxMailer(dir: string): Mailer {
  return {
    async send(message) {
      await mkdir(dir, { recursive: true });
      const name = `${Date.now()}-${randomBytes(4).toString("hex")}.json`;
      const body = JSON.stringify({ ...message, link: message.link ?? null }, null, 2);
      // Written under a temporary name first, so a reader polling the folder never sees half a file.
      const partial = path.join(dir, `.${name}.partial`);
      await writeFile(partial, body);
      await rename(partial, path.join(dir, name));
    },
  };
}

// A mail server that stops answering must not hold a send (and the job round behind it) for minutes.
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

const SmtpAnswer = z.object({
  accepted: z.array(z.unknown()),
  rejected: z.array(z.unknown()),
  response: z.string().optional(),
});

/**
 * Sends through the SMTP server of `smtpUrl` (smtp:// or smtps://, with any user and password in it).
 * `send` rejects when the server refuses the message or cannot be reached, so the caller can try again.
 */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS }, { from });
  return {
    async send(message) {
      const answer = SmtpAnswer.parse(
        await transport.sendMail({ to: message.to, subject: message.subject, text: message.text }),
      );
      // One recipient per message: refused, or not taken at all, is not sent.
      if (answer.rejected.length > 0 || answer.accepted.length === 0) {
        throw new Error(`The mail server did not accept ${message.to}: ${answer.response ?? "no answer"}`);
      }
    },
  };
}

export interface MemoryMailer extends Mailer {
  readonly messages: MailMessage[];
  lastTo(to: string): MailMessage | undefined;
}

export function createMemoryMailer(): MemoryMailer {
  const messages: MailMessage[] = [];
  return {
    messages,
    async send(message) {
      messages.push(message);
    },
    lastTo(to) {
      return messages.filter((message) => message.to === to).at(-1);
    },
  };
}

export function createMailer(
  config: Pick<BackendConfig, "mailOutboxDir" | "nodeEnv"> &
    Partial<Pick<BackendConfig, "smtpUrl" | "mailFrom">>,
): Mailer {
  if (config.smtpUrl) return createSmtpMailer(config.smtpUrl, config.mailFrom ?? DEFAULT_MAIL_FROM);
  return config.mailOutboxDir
    ? createOutboxMailer(config.mailOutboxDir)
    : createLogMailer({ withText: config.nodeEnv !== "production" });
}
