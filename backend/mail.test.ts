import { mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { log } from "./log";
import {
  createLogMailer,
  createMailer,
  createMemoryMailer,
  createOutboxMailer,
  createSmtpMailer,
} from "./mail";
import { startSmtpFake } from "./test/smtp-fake";
import type { SmtpFake } from "./test/smtp-fake";

const message = {
  to: "ada@example.test",
  subject: "Reset your password",
  text: "Use this link:\nhttp://app.test/reset-password/u1/t1",
  link: "http://app.test/reset-password/u1/t1",
};

describe("mailers", () => {
  it("outbox writes one JSON file per message, with the link", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "outbox-"));
    try {
      const mailer = createOutboxMailer(path.join(dir, "nested"));
      await mailer.send(message);
      await mailer.send({ ...message, link: undefined });
      const files = (await readdir(path.join(dir, "nested"))).sort();
      expect(files).toHaveLength(2);
      for (const file of files) expect(file).toMatch(/^\d+-[0-9a-f]{8}\.json$/);
      const written = await Promise.all(
        files.map(async (file) => JSON.parse(await readFile(path.join(dir, "nested", file), "utf8"))),
      );
      expect(written).toContainEqual(message);
      expect(written).toContainEqual({ ...message, link: null });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("log mailer prints the message with its link, but in production only who it was for", async () => {
    const info = vi.spyOn(log, "info").mockImplementation(() => undefined);
    const warn = vi.spyOn(log, "warn").mockImplementation(() => undefined);
    try {
      await createLogMailer({ withText: true }).send(message);
      expect(info).toHaveBeenCalledWith(expect.stringContaining(message.link));
      await createMailer({ mailOutboxDir: null, nodeEnv: "production" }).send(message);
      expect(warn).toHaveBeenCalledWith(
        { to: message.to, subject: message.subject },
        expect.stringContaining("Mail not sent"),
      );
      expect(JSON.stringify(warn.mock.calls)).not.toContain(message.link);
    } finally {
      info.mockRestore();
      warn.mockRestore();
    }
  });

  it("memory mailer keeps messages and finds the newest per recipient", async () => {
    const mailer = createMemoryMailer();
    await mailer.send(message);
    await mailer.send({ ...message, subject: "Second" });
    expect(mailer.messages).toHaveLength(2);
    expect(mailer.lastTo(message.to)?.subject).toBe("Second");
    expect(mailer.lastTo("nobody@example.test")).toBeUndefined();
  });

  it("createMailer writes to the outbox only when one is configured", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "outbox-"));
    try {
      await createMailer({ mailOutboxDir: dir, nodeEnv: "development" }).send(message);
      expect(await readdir(dir)).toHaveLength(1);
      const info = vi.spyOn(log, "info").mockImplementation(() => undefined);
      await createMailer({ mailOutboxDir: null, nodeEnv: "development" }).send(message);
      expect(info).toHaveBeenCalledTimes(1);
      info.mockRestore();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("SMTP mailer", () => {
  let smtp: SmtpFake;
  beforeAll(async () => {
    smtp = await startSmtpFake();
  });
  afterAll(() => smtp.close());

  it("delivers the message from MAIL_FROM to its recipient", async () => {
    await createSmtpMailer(smtp.url, "SolarDesk <no-reply@solardesk.test>").send(message);
    const received = smtp.messages.at(-1);
    expect(received).toMatchObject({ from: "no-reply@solardesk.test", to: [message.to] });
    expect(received?.raw).toContain("From: SolarDesk <no-reply@solardesk.test>");
    expect(received?.raw).toContain(`Subject: ${message.subject}`);
    expect(received?.raw).toContain(message.link);
  });

  it("rejects when the server refuses the message, so the caller can try again", async () => {
    const mailer = createSmtpMailer(smtp.url, "no-reply@solardesk.test");
    const before = smtp.messages.length;
    smtp.refuseNext(550, "Mailbox unavailable");
    await expect(mailer.send(message)).rejects.toThrow(/Mailbox unavailable/);
    smtp.refuseNext(451, "Try again later");
    await expect(mailer.send(message)).rejects.toThrow(/Try again later/);
    expect(smtp.messages).toHaveLength(before);
    await mailer.send(message);
    expect(smtp.messages).toHaveLength(before + 1);
  });

  it("rejects a wrong password and a server that is not there", async () => {
    const wrong = smtp.url.replace("mail-password", "wrong");
    await expect(createSmtpMailer(wrong, "no-reply@solardesk.test").send(message)).rejects.toThrow();
    await expect(
      createSmtpMailer("smtp://127.0.0.1:9", "no-reply@solardesk.test").send(message),
    ).rejects.toThrow();
  });

  it("createMailer sends through SMTP when SMTP_URL is set, before any outbox", async () => {
    const before = smtp.messages.length;
    await createMailer({
      smtpUrl: smtp.url,
      mailFrom: "no-reply@solardesk.test",
      mailOutboxDir: "/nonexistent-outbox",
      nodeEnv: "production",
    }).send(message);
    expect(smtp.messages).toHaveLength(before + 1);
  });
});
