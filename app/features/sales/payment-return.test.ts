import type { Verification } from "#backend/schemas/payments";
import { newCheckoutReference } from "./checkout-reference.server";
import {
  PAYMENT_RETURN_MESSAGES,
  ourReference,
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
  reference: "sale-3f2a9c1e-m1x2k3p4-ab12cd",
  saleId: "3f2a9c1e-4b5d",
  paymentId: "p1",
  ...overrides,
});

const query = (status: string | null) => ({
  reference: "sale-3f2a9c1e-m1x2k3p4-ab12cd",
  transactionId: "77",
  status,
});

describe("readPaymentReturn", () => {
  const ours = "sale-3f2a9c1e-0123456789ab";
  it("reads the provider's redirect query, or nothing for an ordinary visit", () => {
    expect(
      readPaymentReturn(new URLSearchParams(`tx_ref=${ours}&transaction_id=9&status=Successful`)),
    ).toEqual({
      reference: ours,
      transactionId: "9",
      status: "successful",
    });
    expect(readPaymentReturn(new URLSearchParams("txref=sale-3f2a9c1e-m1x2k3p4-ab12cd"))).toEqual({
      reference: "sale-3f2a9c1e-m1x2k3p4-ab12cd",
      transactionId: null,
      status: null,
    });
    expect(readPaymentReturn(new URLSearchParams("search=ada&status=COMPLETED"))).toBeNull();
    expect(readPaymentReturn(new URLSearchParams("tx_ref=%20%20"))).toBeNull();
  });

  it("ignores a crafted reference or transaction id: no banner, no verification, no attacker text", () => {
    for (const crafted of [
      "tx_ref=CALL+0800+123+4567+TO+CLAIM+YOUR+REFUND&status=successful",
      "tx_ref=sale-3f2a9c1e-CALL0800NOW&status=successful",
      "tx_ref=sale-3f2a9c1e-0123456789ab%20call%20us&status=successful",
      "transaction_id=Call%200800%20now&status=successful",
      "txref=pay-18f2c3&status=failed",
    ]) {
      expect(readPaymentReturn(new URLSearchParams(crafted))).toBeNull();
    }
    // Our reference beside a crafted transaction id keeps the reference alone.
    expect(
      readPaymentReturn(new URLSearchParams(`tx_ref=${ours}&transaction_id=CALL+0800&status=successful`)),
    ).toEqual({ reference: ours, transactionId: null, status: "successful" });
    const sandboxId = "0b9f3c52-8d1e-4a77-9a41-2f6d8e0c1b3a";
    expect(readPaymentReturn(new URLSearchParams(`transaction_id=${sandboxId}`))?.transactionId).toBe(
      sandboxId,
    );
  });

  it("knows the references the payment page makes (the API's: services/payment-reference.test.ts)", () => {
    const saleId = "3f2a9c1e-4b5d-4c6e-8f70-123456789abc";
    expect(ourReference(newCheckoutReference(saleId))).not.toBeNull();
  });
});

describe("paymentReturnMessage", () => {
  it("shows the API's message for a verified payment, toned by what happened to the money", () => {
    expect(paymentReturnMessage(query("successful"), { ok: true, data: verified() })).toMatchObject({
      tone: "success",
      message: "Payment verified: the sale is fully paid",
      saleId: "3f2a9c1e-4b5d",
    });
    const part = verified({
      paymentStatus: "INCOMPLETE",
      message: "Payment verified: a balance remains on the sale",
    });
    // A deposit received is good news: green, though a balance remains.
    expect(paymentReturnMessage(query("successful"), { ok: true, data: part }).tone).toBe("success");
    const review = verified({ paymentStatus: "INCOMPLETE", message: "Payment verified, but for ₦5 instead" });
    expect(paymentReturnMessage(query("successful"), { ok: true, data: review }).tone).toBe("warning");
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
        "Payment completed but verification failed. Please contact support with reference: sale-3f2a9c1e-m1x2k3p4-ab12cd",
      detail: "Payment verification failed: Amount paid differs from the amount due: not counted",
      reference: "sale-3f2a9c1e-m1x2k3p4-ab12cd",
      saleId: null,
    });
  });

  it("does not show a verified checkout's reference the API was given in another shape", () => {
    const named = verified({ reference: "CALL-0800-1234567" });
    expect(paymentReturnMessage(query("successful"), { ok: true, data: named }).reference).toBeNull();
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
