import { createHmac, randomInt } from "node:crypto";
import { createServer } from "node:http";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { z } from "zod";

const JsonObject = z.record(z.unknown());

/**
 * Stand-ins for the SMS gateways on 127.0.0.1. Each checks a send the way the real API does (its key, the
 * body's shape) and answers in the documented shapes; `failNext` makes the next sends answer a refusal.
 */
export type SmsFailure =
  /** The gateway refuses the number: permanent. */
  | "invalid-number"
  /** The account has no credit: retried. */
  | "insufficient-balance"
  /** HTTP 500. */
  | "server-error"
  /** No answer at all, until the connection is closed: the sender's timeout. */
  | "no-answer";

export interface SmsFake<Sent> {
  url: string;
  apiKey: string;
  /** Every send the fake took or refused, in order, as the gateway read it. */
  received: Sent[];
  failNext(kind: SmsFailure, count?: number): void;
  close(): Promise<void>;
}

export interface AfricasTalkingSent {
  username: string | null;
  to: string | null;
  message: string | null;
  from: string | null;
}

export interface AfricasTalkingFake extends SmsFake<AfricasTalkingSent> {
  username: string;
  /** The form fields of a delivery report Africa's Talking would post for a message it took. */
  report(
    messageId: string,
    status: "Success" | "Failed" | "Rejected" | "Sent" | "Submitted" | "Buffered",
    failureReason?: string,
  ): Record<string, string>;
}

export interface TermiiSent {
  body: Record<string, unknown>;
}

export interface TermiiFake extends SmsFake<TermiiSent> {
  secretKey: string;
  /** A delivery-report event for a message it took: the raw body and its X-Termii-Signature. */
  report(messageId: string, status: string): { rawBody: string; signature: string };
}

async function readText(request: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function answer(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

function answerText(response: ServerResponse, status: number, text: string) {
  response.writeHead(status, { "content-type": "text/plain" });
  response.end(text);
}

async function listen(server: Server) {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

function closer(server: Server) {
  return () =>
    new Promise<void>((resolve, reject) => {
      // A request held by "no-answer" would keep the server open.
      server.closeAllConnections();
      server.close((error) => (error ? reject(error) : resolve()));
    });
}

function failures() {
  const queue: SmsFailure[] = [];
  return {
    push(kind: SmsFailure, count = 1) {
      for (let i = 0; i < count; i += 1) queue.push(kind);
    },
    take: () => queue.shift(),
  };
}

const messageId = (prefix: string) => `${prefix}${randomInt(1_000_000_000, 9_999_999_999)}`;

/** `POST /version1/messaging`, form-encoded, with the `apiKey` header (Africa's Talking's SMS API). */
export async function startAfricasTalkingFake(): Promise<AfricasTalkingFake> {
  const username = "solardesk";
  const apiKey = "atsk_0123456789abcdef0123456789abcdef";
  const received: AfricasTalkingSent[] = [];
  const failing = failures();

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? "/", "http://127.0.0.1");
      if (request.method !== "POST" || url.pathname !== "/version1/messaging") {
        return answerText(response, 404, "Not found");
      }
      const text = await readText(request);
      if (request.headers.apikey !== apiKey) {
        return answerText(response, 401, "The supplied authentication is invalid");
      }
      if (!String(request.headers["content-type"]).startsWith("application/x-www-form-urlencoded")) {
        return answerText(response, 415, "Request must be application/x-www-form-urlencoded");
      }
      if (!String(request.headers.accept).includes("application/json")) {
        return answerText(response, 406, "This fake answers application/json only");
      }
      const form = new URLSearchParams(text);
      const sent = {
        username: form.get("username"),
        to: form.get("to"),
        message: form.get("message"),
        from: form.get("from"),
      };
      received.push(sent);
      if (sent.username !== username)
        return answerText(response, 401, "The supplied authentication is invalid");
      if (!sent.to || !sent.message) return answerText(response, 400, "Missing to or message");

      const failure = failing.take();
      if (failure === "no-answer") return;
      if (failure === "server-error") return answerText(response, 500, "Internal Server Error");
      const recipient = (statusCode: number, status: string, cost: string, id: string) =>
        answer(response, 201, {
          SMSMessageData: {
            Message: statusCode < 200 ? `Sent to 1/1 Total Cost: ${cost}` : "Sent to 0/1 Total Cost: 0",
            Recipients: [{ statusCode, number: sent.to, status, cost, messageId: id }],
          },
        });
      if (failure === "invalid-number" || !/^\+\d{8,15}$/.test(sent.to)) {
        return recipient(403, "InvalidPhoneNumber", "0", "None");
      }
      if (failure === "insufficient-balance") return recipient(405, "InsufficientBalance", "0", "None");
      return recipient(101, "Success", "NGN 2.2000", messageId("ATXid_"));
    })().catch((error: unknown) => answerText(response, 500, String(error)));
  });

  return {
    url: await listen(server),
    username,
    apiKey,
    received,
    failNext: failing.push,
    report(id, status, failureReason) {
      const last = received.at(-1);
      return {
        id,
        status,
        phoneNumber: last?.to ?? "+2348030000000",
        networkCode: "62130",
        retryCount: "0",
        ...(failureReason ? { failureReason } : {}),
      };
    },
    close: closer(server),
  };
}

/** `POST /api/sms/send` with a JSON body carrying `api_key` (Termii's Messaging API). */
export async function startTermiiFake(): Promise<TermiiFake> {
  const apiKey = "TLtermii0123456789abcdef0123456789abcdef";
  const secretKey = "termii-secret-key-for-webhooks";
  const received: TermiiSent[] = [];
  const failing = failures();

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? "/", "http://127.0.0.1");
      if (request.method !== "POST" || url.pathname !== "/api/sms/send") {
        return answer(response, 404, { message: "Not found" });
      }
      if (!String(request.headers["content-type"]).startsWith("application/json")) {
        return answer(response, 415, { message: "Request must be application/json" });
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(await readText(request));
      } catch {
        return answer(response, 400, { message: "The request body is not JSON" });
      }
      const object = JsonObject.safeParse(parsed);
      if (!object.success) return answer(response, 400, { message: "The request body is not a JSON object" });
      const body = object.data;
      received.push({ body });
      if (body.api_key !== apiKey) return answer(response, 401, { message: "Invalid API key" });
      const errors: Record<string, string[]> = {};
      for (const field of ["to", "from", "sms", "type", "channel"]) {
        if (typeof body[field] !== "string" || body[field] === "")
          errors[field] = [`The ${field} field is required.`];
      }
      if (typeof body.channel === "string" && !["dnd", "generic", "whatsapp"].includes(body.channel)) {
        errors.channel = ["The channel must be dnd, generic or whatsapp."];
      }
      if (typeof body.from === "string" && (body.from.length < 3 || body.from.length > 11)) {
        errors.from = ["The sender id must be between 3 and 11 characters."];
      }
      if (Object.keys(errors).length > 0)
        return answer(response, 422, { message: "Validation failed", errors });

      const failure = failing.take();
      if (failure === "no-answer") return;
      if (failure === "server-error") return answer(response, 500, { message: "Internal server error" });
      if (failure === "invalid-number" || !/^\d{8,15}$/.test(String(body.to))) {
        return answer(response, 400, {
          message: "Invalid phone number, the number must be in international format",
        });
      }
      if (failure === "insufficient-balance") {
        return answer(response, 400, { message: "Insufficient balance, please top up your wallet" });
      }
      const id = String(randomInt(1_000_000_000, 9_999_999_999));
      return answer(response, 200, {
        code: "ok",
        message_id: `31${id}${id.slice(0, 7)}`,
        message: "Successfully Sent",
        balance: 120.5,
        user: "SolarDesk Tests",
      });
    })().catch((error: unknown) => answer(response, 500, { message: String(error) }));
  });

  return {
    url: await listen(server),
    apiKey,
    secretKey,
    received,
    failNext: failing.push,
    report(id, status) {
      const to = received.at(-1)?.body.to;
      const rawBody = JSON.stringify({
        type: "outbound",
        id: `req-${id}`,
        message_id: id,
        receiver: typeof to === "string" ? to : "2348030000000",
        sender: "SolarDesk",
        message: "Your payment was received.",
        sent_at: "2026-01-05 10:00:00",
        cost: "4.0",
        status,
        channel: "dnd",
      });
      return { rawBody, signature: createHmac("sha512", secretKey).update(rawBody).digest("hex") };
    },
    close: closer(server),
  };
}
