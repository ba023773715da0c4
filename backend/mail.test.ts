import { mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { log } from "./log";
import { createLogMailer, createMailer, createMemoryMailer, createOutboxMailer } from "./mail";

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
