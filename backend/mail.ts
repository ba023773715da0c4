import { randomBytes } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { BackendConfig } from "./config";

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

export function createLogMailer(): Mailer {
  return {
    async send(message) {
      console.info(`[mail] to ${message.to}: ${message.subject}\n${message.text}`);
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

export function createMailer(config: Pick<BackendConfig, "mailOutboxDir">): Mailer {
  return config.mailOutboxDir ? createOutboxMailer(config.mailOutboxDir) : createLogMailer();
}
