import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import type { SMTPServerAddress } from "smtp-server";

/** A message as the fake SMTP server took it: the envelope and the raw RFC 5322 text. */
export interface ReceivedMail {
  from: string | null;
  to: string[];
  raw: string;
}

export interface SmtpFake {
  /** smtp://user:password@127.0.0.1:port, for SMTP_URL. */
  url: string;
  messages: ReceivedMail[];
  /** The next message is refused after its data is sent, with this SMTP code (550: mailbox unavailable). */
  refuseNext(code?: number, text?: string): void;
  close(): Promise<void>;
}

const address = (value: SMTPServerAddress | false) => (value ? value.address : null);

/** An SMTP server on 127.0.0.1 that keeps what it is sent; plain text, as a local relay would be. */
export async function startSmtpFake(): Promise<SmtpFake> {
  const user = "mailer";
  const password = "mail-password";
  const messages: ReceivedMail[] = [];
  const refusals: { code: number; text: string }[] = [];

  const server = new SMTPServer({
    // No TLS on loopback: without a certificate to offer, STARTTLS is not announced.
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    authOptional: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === password) return callback(null, { user });
      return callback(new Error("Invalid username or password"));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const refusal = refusals.shift();
        if (refusal) {
          return callback(Object.assign(new Error(refusal.text), { responseCode: refusal.code }));
        }
        messages.push({
          from: address(session.envelope.mailFrom),
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://${user}:${password}@127.0.0.1:${port}`,
    messages,
    refuseNext(code = 550, text = "Mailbox unavailable") {
      refusals.push({ code, text });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
