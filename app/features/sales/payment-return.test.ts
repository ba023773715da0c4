import type { Verification } from "#backend/schemas/payments";
import {
  PAYMENT_RETURN_MESSAGES,
  paymentReturnMessage,
  readPaymentReturn,
  saleSearchFromReference,
  verificationFailureMessage,
} from "./payment-return";

const verified = (overrides: Partial<Verification> = {}): Verification => ({
  status: "success",
  paymentStatus: "COMPLETED",
  amount: 1_000,
  message: "Payment verified: the sale is fully paid",
  reference: "sale-3f2a9c1e-abc-123",
  saleId: "3f2a9c1e-4b5d",
  paymentId: "p1",
  ...overrides,
});

const query = (status: string | null) => ({
  reference: "sale-3f2a9c1e-abc-123",
  transactionId: "77",
  status,
});

describe("readPaymentReturn", () => {
  it("reads the provider's redirect query, or nothing for an ordinary visit", () => {
    expect(readPaymentReturn(new URLSearchParams("tx_ref=r1&transaction_id=9&status=Successful"))).toEqual({
      reference: "r1",
      transactionId: "9",
      status: "successful",
    });
    expect(readPaymentReturn(new URLSearchParams("txref=r2"))).toEqual({
      reference: "r2",
      transactionId: null,
      status: null,
    });
    expect(readPaymentReturn(new URLSearchParams("search=ada&status=COMPLETED"))).toBeNull();
    expect(readPaymentReturn(new URLSearchParams("tx_ref=%20%20"))).toBeNull();
  });
});

describe("paymentReturnMessage", () => {
  it("shows the API's message for a verified payment, toned by the payment's status", () => {
    expect(paymentReturnMessage(query("successful"), { ok: true, data: verified() })).toMatchObject({
      tone: "success",
      message: "Payment verified: the sale is fully paid",
      saleId: "3f2a9c1e-4b5d",
    });
    const part = verified({
      paymentStatus: "INCOMPLETE",
      message: "Payment verified: a balance remains on the sale",
    });
    expect(paymentReturnMessage(query("successful"), { ok: true, data: part }).tone).toBe("warning");
    const pending = verified({ status: "processing", paymentStatus: "PENDING", message: "Not yet" });
    expect(paymentReturnMessage(query(null), { ok: true, data: pending }).tone).toBe("info");
  });

  it("says a cancelled checkout was cancelled", () => {
    const failure = { status: 400, message: "Payment was not successful. Please try again." };
    expect(paymentReturnMessage(query("cancelled"), { ok: false, failure })).toMatchObject({
      message: "Payment was cancelled",
      tone: "info",
    });
  });

  it("says a failed payment failed, in the spec's words", () => {
    const failure = { status: 400, message: "Payment was not successful. Please try again." };
    expect(paymentReturnMessage(query("failed"), { ok: false, failure })).toMatchObject({
      message: "Payment failed. Please try again.",
      tone: "error",
    });
  });

  it("asks to contact support with the reference when the provider said paid but verification failed", () => {
    const failure = { status: 400, message: "Amount paid differs from the amount due: not counted" };
    expect(paymentReturnMessage(query("successful"), { ok: false, failure })).toEqual({
      tone: "error",
      message:
        "Payment completed but verification failed. Please contact support with reference: sale-3f2a9c1e-abc-123",
      detail: "Payment verification failed: Amount paid differs from the amount due: not counted",
      reference: "sale-3f2a9c1e-abc-123",
      saleId: null,
    });
  });

  it("otherwise shows the verification failure alone", () => {
    const failure = { status: 400, message: "Payment was not successful. Please try again." };
    expect(paymentReturnMessage(query(null), { ok: false, failure }).message).toBe(
      "Payment verification failed: Payment was not successful. Please try again.",
    );
  });
});

describe("verificationFailureMessage (spec 001 §8)", () => {
  it("has words for 404, 500, a server message and nothing", () => {
    expect(verificationFailureMessage({ status: 404, message: "Not Found" })).toBe(
      PAYMENT_RETURN_MESSAGES.notFound,
    );
    expect(verificationFailureMessage({ status: 500, message: "boom" })).toBe(
      "Server error during payment verification. Please contact support.",
    );
    expect(verificationFailureMessage({ status: 502, message: ["Provider down", "other"] })).toBe(
      "Payment verification failed: Provider down",
    );
    expect(verificationFailureMessage({ status: 503 })).toBe(
      "Payment verification failed. Please contact support.",
    );
    expect(verificationFailureMessage({ status: 0, message: "ECONNREFUSED" })).toBe(
      "Payment verification failed. Please contact support.",
    );
  });
});

describe("saleSearchFromReference", () => {
  it("finds the sale's first characters in our references only", () => {
    expect(saleSearchFromReference("sale-3f2a9c1e-m1x2-ab12cd")).toBe("3f2a9c1e");
    expect(saleSearchFromReference("FLW-123")).toBeNull();
    expect(saleSearchFromReference(null)).toBeNull();
  });
});
