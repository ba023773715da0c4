import { smsLength } from "../../constants/sms-parts";
import { dayForCustomer, moneyFor, renderTemplate, tokensText, unknownVariables } from "./templates";
import { NO_TEXT, composeMessage, gatewayNumber } from "./outbox";
import { paymentMessageKind } from "./triggers";
import { remindersFor } from "./reminders";

describe("SMS length", () => {
  it("counts GSM-7 at 160 for one SMS and 153 a part beyond, extended characters twice", () => {
    expect(smsLength("a".repeat(160))).toMatchObject({ encoding: "GSM-7", characters: 160, parts: 1 });
    expect(smsLength("a".repeat(161))).toMatchObject({ characters: 161, parts: 2, perPart: 153 });
    expect(smsLength("a".repeat(306))).toMatchObject({ parts: 2 });
    expect(smsLength("a".repeat(307))).toMatchObject({ parts: 3 });
    expect(smsLength("{}")).toMatchObject({ encoding: "GSM-7", characters: 4 });
    expect(smsLength("")).toMatchObject({ parts: 0 });
  });
  it("makes the whole text UCS-2 for one character outside GSM-7: 70, then 67 a part", () => {
    expect(smsLength("₦".padEnd(70, "a"))).toMatchObject({ encoding: "UCS-2", characters: 70, parts: 1 });
    expect(smsLength("₦".padEnd(71, "a"))).toMatchObject({ parts: 2, perPart: 67 });
    expect(smsLength("’")).toMatchObject({ encoding: "UCS-2" });
  });
});

describe("templates", () => {
  it("fills known variables, leaves other braces as typed, and names the unknown ones once", () => {
    expect(renderTemplate("Hi {customerName}, {token} {other}", { customerName: "Ada", token: "1" })).toBe(
      "Hi Ada, 1 {other}",
    );
    expect(unknownVariables("{token} {nickname} {nickname} {x y}", "REMINDER_DUE")).toEqual([
      "token",
      "nickname",
    ]);
    expect(unknownVariables("{customerName} {balance}", "MANUAL")).toEqual([]);
  });
  it("leaves out a sentence naming a variable the message has no value for", () => {
    const receipt = "We received {amount}. Your token: {token} ({days} days).\nNext payment due {dueDate}!";
    expect(renderTemplate(receipt, { amount: "NGN 100", dueDate: "5 Dec 2026" })).toBe(
      "We received NGN 100. Next payment due 5 Dec 2026!",
    );
    expect(renderTemplate(receipt, { amount: "NGN 100", token: "123", days: "30", dueDate: "" })).toBe(
      "We received NGN 100. Your token: 123 (30 days).",
    );
    expect(renderTemplate("Pay {amount}", {})).toBe("");
  });
  it("writes money, days and tokens as a customer reads them", () => {
    expect(moneyFor("SMS", 250_050)).toBe("NGN 2,500.50");
    expect(moneyFor("EMAIL", 250_000)).toBe("₦2,500");
    expect(dayForCustomer("2026-12-05")).toBe("5 Dec 2026");
    expect(tokensText([])).toBeUndefined();
    expect(
      tokensText([
        { serialNumber: "A", token: "111" },
        { serialNumber: "A", token: "222" },
      ]),
    ).toBe("111, then 222");
    expect(
      tokensText([
        { serialNumber: "A", token: "111" },
        { serialNumber: "B", token: "222" },
      ]),
    ).toBe("A: 111; B: 222");
  });
  it("fails at once a message of which no sentence is left for its customer", () => {
    const context = {
      ...{ firstname: "Ada", phone: "08035550101", email: "", opted_out: false, deleted: false },
      ...{ business_name: null, business_phone: null, template_body: null, template_subject: null },
      ...{ sale_number: null, credit_expiry: null, outstanding_kobo: null },
    };
    const input = { kind: "MANUAL" as const, customerId: "c", transactional: false };
    expect(composeMessage(context, { ...input, body: "You owe {balance}." })).toMatchObject({
      status: "FAILED",
      error: NO_TEXT,
      body: "",
    });
    expect(
      composeMessage(context, { ...input, body: "Hi {customerName}. You owe {balance}." }),
    ).toMatchObject({
      status: "QUEUED",
      body: "Hi Ada.",
    });
  });
  it("sends to the international form without +", () => {
    expect(gatewayNumber("0803 555 0101")).toBe("2348035550101");
    expect(gatewayNumber("+44 20 7946 0958")).toBe("442079460958");
    expect(gatewayNumber("12")).toBeNull();
  });
});

describe("which message an event sends", () => {
  it("tells the last payment, the first, a cash one and any other apart", () => {
    const of = (method: string, beforeKobo: number, afterKobo: number) =>
      paymentMessageKind({ method, beforeKobo, afterKobo, totalKobo: 1_000 });
    expect(of("CASH", 0, 1_000)).toBe("COMPLETED");
    expect(of("ONLINE", 0, 100)).toBe("WELCOME");
    expect(of("CASH", 100, 200)).toBe("CASH_RECEIPT");
    expect(of("ONLINE", 100, 200)).toBe("PAYMENT_RECEIVED");
  });
  it("puts reminders on the days of the schedule", () => {
    const schedule = { remindersOn: true, daysBefore: [3, 1], onTheDay: true, daysAfter: [3, 7] };
    expect(remindersFor("2026-12-10", schedule).map((r) => `${r.kind} ${r.dueDate}`)).toEqual([
      "REMINDER_BEFORE 2026-12-13",
      "REMINDER_BEFORE 2026-12-11",
      "REMINDER_DUE 2026-12-10",
      "REMINDER_AFTER 2026-12-07",
      "REMINDER_AFTER 2026-12-03",
    ]);
    expect(remindersFor("2026-12-10", { ...schedule, remindersOn: false })).toEqual([]);
  });
});
