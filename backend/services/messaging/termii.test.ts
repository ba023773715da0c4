import { createHmac } from "node:crypto";
import { startTermiiFake } from "../../test/sms-fakes";
import type { TermiiFake } from "../../test/sms-fakes";
import {
  createTermiiProvider,
  namesBadNumber,
  parseTermiiReport,
  termiiRefusalOutcome,
  termiiSignatureMatches,
} from "./termii";

const sms = { to: "2348031234567", body: "Your token is 1234-5678-9012." };

describe("Termii provider", () => {
  let fake: TermiiFake;
  beforeAll(async () => {
    fake = await startTermiiFake();
  });
  afterAll(() => fake.close());

  const provider = (overrides: { apiKey?: string; timeoutMs?: number } = {}) =>
    createTermiiProvider(
      { apiKey: overrides.apiKey ?? fake.apiKey, senderId: "SolarDesk", baseUrl: fake.url },
      { timeoutMs: overrides.timeoutMs },
    );

  it("sends plain text on the dnd route and answers the message id", async () => {
    const outcome = await provider().send(sms);
    expect(outcome).toEqual({ accepted: true, providerId: expect.stringMatching(/^\d{19}$/) });
    expect(fake.received.at(-1)?.body).toEqual({
      api_key: fake.apiKey,
      to: "2348031234567",
      from: "SolarDesk",
      sms: sms.body,
      type: "plain",
      channel: "dnd",
    });
  });

  it("takes a refused number as permanent", async () => {
    fake.failNext("invalid-number");
    expect(await provider().send(sms)).toEqual({
      accepted: false,
      permanent: true,
      reason: "Termii answered HTTP 400: Invalid phone number, the number must be in international format",
    });
  });

  it("retries a wrong key, no balance and a failing gateway", async () => {
    expect(await provider({ apiKey: "wrong" }).send(sms)).toEqual({
      accepted: false,
      permanent: false,
      reason: "Termii refused the API key (HTTP 401): Invalid API key",
    });
    fake.failNext("insufficient-balance");
    expect(await provider().send(sms)).toMatchObject({ accepted: false, permanent: false });
    fake.failNext("server-error");
    expect(await provider().send(sms)).toEqual({
      accepted: false,
      permanent: false,
      reason: "Termii answered HTTP 500: Internal server error",
    });
  });

  it("retries when it does not answer in time", async () => {
    fake.failNext("no-answer");
    expect(await provider({ timeoutMs: 200 }).send(sms)).toEqual({
      accepted: false,
      permanent: false,
      reason: "Termii did not answer within 0.2 s",
    });
  });

  it("reads odd answers without trusting them", async () => {
    const odd = (status: number, body: string) =>
      createTermiiProvider(
        { apiKey: "k", senderId: "SolarDesk", baseUrl: "http://termii.test" },
        { fetchImpl: async () => new Response(body, { status }) },
      );
    expect(await odd(200, JSON.stringify({ message_id: 5, message_id_str: "5" })).send(sms)).toEqual({
      accepted: true,
      providerId: "5",
    });
    expect(await odd(200, JSON.stringify({ message: "Successfully Sent" })).send(sms)).toEqual({
      accepted: false,
      permanent: false,
      reason: "Termii answered 200 without a message id: Successfully Sent",
    });
    expect(await odd(502, "<html>Bad gateway</html>").send(sms)).toEqual({
      accepted: false,
      permanent: false,
      reason: "Termii answered HTTP 502: <html>Bad gateway</html>",
    });
    expect(
      await odd(422, JSON.stringify({ message: "Validation failed", errors: { to: ["is not valid"] } })).send(
        sms,
      ),
    ).toEqual({
      accepted: false,
      permanent: true,
      reason: "Termii answered HTTP 422: Validation failed; to: is not valid",
    });
  });
});

describe("termiiRefusalOutcome", () => {
  it("is permanent only for a 4xx that names the number", () => {
    expect(termiiRefusalOutcome(400, "Phone number is invalid")).toMatchObject({ permanent: true });
    expect(termiiRefusalOutcome(400, "Insufficient balance")).toMatchObject({ permanent: false });
    expect(termiiRefusalOutcome(400, "Sender ID must be approved to send")).toMatchObject({
      permanent: false,
    });
    expect(termiiRefusalOutcome(404, "ApplicationSenderId not found")).toMatchObject({ permanent: false });
    expect(termiiRefusalOutcome(403, "Invalid phone number")).toMatchObject({ permanent: false });
    expect(termiiRefusalOutcome(500, "Invalid phone number")).toMatchObject({ permanent: false });
    expect(namesBadNumber("to: The to field must be a valid phone number")).toBe(true);
  });
});

describe("termiiSignatureMatches", () => {
  const secret = "termii-secret";
  const body = JSON.stringify({ message_id: "3017", status: "Delivered" });
  const signature = createHmac("sha512", secret).update(body).digest("hex");

  it("accepts the HMAC-SHA512 of the raw body, in either case of hex", () => {
    expect(termiiSignatureMatches(body, signature, secret)).toBe(true);
    expect(termiiSignatureMatches(body, signature.toUpperCase(), secret)).toBe(true);
  });

  it("refuses another body, another key, a missing, short, long or odd signature", () => {
    expect(termiiSignatureMatches(`${body} `, signature, secret)).toBe(false);
    expect(termiiSignatureMatches(body, signature, "another-secret")).toBe(false);
    expect(termiiSignatureMatches(body, undefined, secret)).toBe(false);
    expect(termiiSignatureMatches(body, "", secret)).toBe(false);
    expect(termiiSignatureMatches(body, signature.slice(0, 64), secret)).toBe(false);
    expect(termiiSignatureMatches(body, `${signature}00`, secret)).toBe(false);
    expect(termiiSignatureMatches(body, `${signature.slice(0, 127)}z`, secret)).toBe(false);
    expect(termiiSignatureMatches(body, signature, "")).toBe(false);
    const sha256 = createHmac("sha256", secret).update(body).digest("hex");
    expect(termiiSignatureMatches(body, sha256, secret)).toBe(false);
  });
});

describe("parseTermiiReport", () => {
  const event = {
    type: "outbound",
    id: "req-1",
    message_id: "3017544054459365871",
    receiver: "2348031234567",
    sender: "SolarDesk",
    message: "Your token is 1234-5678-9012.",
    sent_at: "2026-01-05 10:00:00",
    cost: "4.0",
    channel: "dnd",
  };

  it("maps every documented status", () => {
    const expected: [string, string, string | null][] = [
      ["Delivered", "DELIVERED", null],
      ["DELIVERED | Message delivered to handset", "DELIVERED", null],
      ["Received", "DELIVERED", null],
      ["Message Sent", "SENT", null],
      ["Sent", "SENT", null],
      ["Message Failed", "FAILED", "Termii: Message Failed (the network could not deliver it)"],
      [
        "Expired",
        "FAILED",
        "Termii: Expired (the phone stayed off or out of signal until the network gave up)",
      ],
      ["Rejected", "REJECTED", "Termii: Rejected (the network refused it)"],
      [
        "DND Active on Phone Number",
        "REJECTED",
        "Termii: DND Active on Phone Number (do-not-disturb is active on the number)",
      ],
    ];
    for (const [status, mapped, reason] of expected) {
      expect(parseTermiiReport({ ...event, status })).toEqual({
        provider: "termii",
        providerId: event.message_id,
        to: "2348031234567",
        status: mapped,
        reason,
      });
    }
  });

  it("answers null for other events, no message id or an unknown status", () => {
    expect(
      parseTermiiReport({ type: "device_status", status: "disconnected", device_id: "d1", name: "Wh" }),
    ).toBeNull();
    expect(parseTermiiReport({ ...event, type: "inbound", status: "Delivered" })).toBeNull();
    expect(parseTermiiReport({ ...event, message_id: "", status: "Delivered" })).toBeNull();
    expect(parseTermiiReport({ ...event, message_id: undefined, status: "Delivered" })).toBeNull();
    expect(parseTermiiReport({ ...event, status: "Pending review" })).toBeNull();
    expect(parseTermiiReport({ ...event, status: "constructor" })).toBeNull();
    expect(parseTermiiReport("Delivered")).toBeNull();
    expect(parseTermiiReport(null)).toBeNull();
  });

  it("keeps a missing receiver as null and a numeric id as text", () => {
    expect(parseTermiiReport({ message_id: 42, status: "Delivered" })).toMatchObject({
      providerId: "42",
      to: null,
    });
  });

  it("reads the fake's signed reports", async () => {
    const fake = await startTermiiFake();
    try {
      const outcome = await createTermiiProvider({
        apiKey: fake.apiKey,
        senderId: "SolarDesk",
        baseUrl: fake.url,
      }).send(sms);
      if (!outcome.accepted) throw new Error(outcome.reason);
      const { rawBody, signature } = fake.report(outcome.providerId, "Delivered");
      expect(termiiSignatureMatches(rawBody, signature, fake.secretKey)).toBe(true);
      expect(parseTermiiReport(JSON.parse(rawBody))).toMatchObject({
        providerId: outcome.providerId,
        to: sms.to,
        status: "DELIVERED",
      });
    } finally {
      await fake.close();
    }
  });
});
