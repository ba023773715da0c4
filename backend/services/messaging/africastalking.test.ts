import { startAfricasTalkingFake } from "../../test/sms-fakes";
import type { AfricasTalkingFake } from "../../test/sms-fakes";
import {
  africasTalkingMessageOutcome,
  africasTalkingRecipientOutcome,
  createAfricasTalkingProvider,
  parseAfricasTalkingReport,
} from "./africastalking";

const sms = { to: "2348031234567", body: "Your payment of NGN 5,000 was received." };

describe("Africa's Talking provider", () => {
  let fake: AfricasTalkingFake;
  beforeAll(async () => {
    fake = await startAfricasTalkingFake();
  });
  afterAll(() => fake.close());

  const provider = (overrides: { apiKey?: string; senderId?: string | null; timeoutMs?: number } = {}) =>
    createAfricasTalkingProvider(
      {
        username: fake.username,
        apiKey: overrides.apiKey ?? fake.apiKey,
        senderId: overrides.senderId === undefined ? "SolarDesk" : overrides.senderId,
        baseUrl: fake.url,
      },
      { timeoutMs: overrides.timeoutMs },
    );

  it("sends the form with the number in +234 form and answers the message id", async () => {
    const outcome = await provider().send(sms);
    expect(outcome).toEqual({ accepted: true, providerId: expect.stringMatching(/^ATXid_\d+$/) });
    expect(fake.received.at(-1)).toEqual({
      username: fake.username,
      to: "+2348031234567",
      message: sms.body,
      from: "SolarDesk",
    });
  });

  it("leaves out `from` without a sender id", async () => {
    await provider({ senderId: null }).send(sms);
    expect(fake.received.at(-1)?.from).toBeNull();
  });

  it("takes a refused number as permanent", async () => {
    fake.failNext("invalid-number");
    expect(await provider().send(sms)).toEqual({
      accepted: false,
      permanent: true,
      reason: "Africa's Talking: InvalidPhoneNumber (403)",
    });
  });

  it("retries when the account has no balance, the key is wrong or the gateway fails", async () => {
    fake.failNext("insufficient-balance");
    expect(await provider().send(sms)).toEqual({
      accepted: false,
      permanent: false,
      reason: "Africa's Talking: InsufficientBalance (405)",
    });
    expect(await provider({ apiKey: "wrong" }).send(sms)).toEqual({
      accepted: false,
      permanent: false,
      reason: "Africa's Talking answered HTTP 401: The supplied authentication is invalid",
    });
    fake.failNext("server-error");
    expect(await provider().send(sms)).toMatchObject({
      accepted: false,
      permanent: false,
      reason: expect.stringContaining("HTTP 500"),
    });
  });

  it("retries when it does not answer in time", async () => {
    fake.failNext("no-answer");
    expect(await provider({ timeoutMs: 200 }).send(sms)).toEqual({
      accepted: false,
      permanent: false,
      reason: "Africa's Talking did not answer within 0.2 s",
    });
  });

  it("retries when nothing listens or the answer is not the documented one", async () => {
    const closed = createAfricasTalkingProvider({
      username: "u",
      apiKey: "k",
      senderId: null,
      baseUrl: "http://127.0.0.1:9",
    });
    expect(await closed.send(sms)).toMatchObject({
      accepted: false,
      permanent: false,
      reason: expect.stringContaining("could not be reached"),
    });
    const odd = (body: string) =>
      createAfricasTalkingProvider(
        { username: "u", apiKey: "k", senderId: null, baseUrl: "http://at.test" },
        { fetchImpl: async () => new Response(body, { status: 201 }) },
      );
    expect(await odd("<xml/>").send(sms)).toMatchObject({ accepted: false, permanent: false });
    expect(await odd(JSON.stringify({ SMSMessageData: {} })).send(sms)).toMatchObject({
      accepted: false,
      permanent: false,
      reason: expect.stringContaining("unexpected shape"),
    });
    expect(
      await odd(JSON.stringify({ SMSMessageData: { Message: "InvalidPhoneNumber", Recipients: [] } })).send(
        sms,
      ),
    ).toEqual({ accepted: false, permanent: true, reason: "Africa's Talking: InvalidPhoneNumber" });
  });
});

describe("africasTalkingRecipientOutcome", () => {
  const line = (statusCode: number, status: string, messageId = "None") => ({
    statusCode,
    status,
    number: "+2348031234567",
    cost: "0",
    messageId,
  });

  it("accepts Processed, Sent and Queued with the message id", () => {
    for (const [code, status] of [
      [100, "Processed"],
      [101, "Success"],
      [102, "Queued"],
    ] as const) {
      expect(africasTalkingRecipientOutcome(line(code, status, "ATXid_1"))).toEqual({
        accepted: true,
        providerId: "ATXid_1",
      });
    }
    expect(africasTalkingRecipientOutcome(line(101, "Success"))).toEqual({
      accepted: false,
      permanent: false,
      reason: "Africa's Talking: Sent (101) without a message id",
    });
  });

  it("takes the number's faults as permanent and the account's or gateway's as retryable", () => {
    const permanent = {
      403: "InvalidPhoneNumber",
      404: "UnsupportedNumberType",
      406: "UserInBlacklist",
      407: "CouldNotRoute",
      409: "DoNotDisturbRejection",
    };
    const retried = {
      401: "RiskHold",
      402: "InvalidSenderId",
      405: "InsufficientBalance",
      500: "InternalServerError",
      501: "GatewayError",
      502: "RejectedByGateway",
    };
    for (const [code, name] of Object.entries(permanent)) {
      expect(africasTalkingRecipientOutcome(line(Number(code), name))).toEqual({
        accepted: false,
        permanent: true,
        reason: `Africa's Talking: ${name} (${code})`,
      });
    }
    for (const [code, name] of Object.entries(retried)) {
      expect(africasTalkingRecipientOutcome(line(Number(code), name))).toEqual({
        accepted: false,
        permanent: false,
        reason: `Africa's Talking: ${name} (${code})`,
      });
    }
    // An unknown code is retried, in the answer's own words.
    expect(africasTalkingRecipientOutcome(line(499, "SomethingNew"))).toEqual({
      accepted: false,
      permanent: false,
      reason: "Africa's Talking: SomethingNew (499)",
    });
  });

  it("judges a send refused as a whole by its message", () => {
    expect(africasTalkingMessageOutcome("InvalidSenderId")).toEqual({
      accepted: false,
      permanent: false,
      reason: "Africa's Talking: InvalidSenderId",
    });
    expect(africasTalkingMessageOutcome(undefined)).toMatchObject({ permanent: false });
  });
});

describe("parseAfricasTalkingReport", () => {
  const fields = { id: "ATXid_42", phoneNumber: "+234 803 123 4567", networkCode: "62130", retryCount: "0" };

  it("maps every documented status", () => {
    const expected = {
      Success: "DELIVERED",
      Failed: "FAILED",
      Rejected: "REJECTED",
      Sent: "SENT",
      Submitted: "SENT",
      Buffered: "SENT",
    };
    for (const [status, mapped] of Object.entries(expected)) {
      expect(parseAfricasTalkingReport({ ...fields, status })).toMatchObject({
        provider: "africastalking",
        providerId: "ATXid_42",
        to: "2348031234567",
        status: mapped,
      });
    }
  });

  it("says why a message failed or was rejected, and nothing for the others", () => {
    expect(parseAfricasTalkingReport({ ...fields, status: "Success" })?.reason).toBeNull();
    expect(parseAfricasTalkingReport({ ...fields, status: "Buffered" })?.reason).toBeNull();
    expect(
      parseAfricasTalkingReport({ ...fields, status: "Rejected", failureReason: "UserInBlackList" })?.reason,
    ).toBe("Africa's Talking: Rejected, UserInBlackList (the number has blocked messages from this sender)");
    expect(
      parseAfricasTalkingReport({ ...fields, status: "Failed", failureReason: "SomethingElse" })?.reason,
    ).toBe("Africa's Talking: Failed, SomethingElse");
    expect(parseAfricasTalkingReport({ ...fields, status: "Failed", failureReason: "" })?.reason).toBe(
      "Africa's Talking: Failed",
    );
  });

  it("answers null without an id or with an unknown status, and a null number without one", () => {
    expect(parseAfricasTalkingReport({ status: "Success" })).toBeNull();
    expect(parseAfricasTalkingReport({ id: " ", status: "Success" })).toBeNull();
    expect(parseAfricasTalkingReport({ ...fields, status: "Delivered" })).toBeNull();
    expect(parseAfricasTalkingReport({ ...fields, status: "constructor" })).toBeNull();
    expect(parseAfricasTalkingReport({ ...fields })).toBeNull();
    expect(parseAfricasTalkingReport({ id: "ATXid_1", status: "Success" })?.to).toBeNull();
  });

  it("reads the fake's reports", async () => {
    const fake = await startAfricasTalkingFake();
    try {
      const outcome = await createAfricasTalkingProvider({
        username: fake.username,
        apiKey: fake.apiKey,
        senderId: null,
        baseUrl: fake.url,
      }).send(sms);
      if (!outcome.accepted) throw new Error(outcome.reason);
      expect(parseAfricasTalkingReport(fake.report(outcome.providerId, "Success"))).toEqual({
        provider: "africastalking",
        providerId: outcome.providerId,
        to: sms.to,
        status: "DELIVERED",
        reason: null,
      });
    } finally {
      await fake.close();
    }
  });
});
