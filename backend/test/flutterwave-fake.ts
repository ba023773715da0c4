import { randomInt } from "node:crypto";
import { createServer } from "node:http";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in for Flutterwave's v3 API on 127.0.0.1, answering the documented shapes of the calls the
 * backend makes: `POST /v3/payments` (Standard checkout), `GET /v3/transactions/{id}/verify` and
 * `GET /v3/transactions/verify_by_reference?tx_ref=`. Tests play the customer with `pay()`.
 */
export interface FlutterwaveFake {
  baseUrl: string;
  secretKey: string;
  publicKey: string;
  webhookHash: string;
  /** Checkouts the backend asked for, by tx_ref. */
  checkouts: Map<string, { amount: number; currency: string; redirectUrl: string; email: string }>;
  /** The customer pays (or fails) a checkout; answers Flutterwave's transaction id. */
  pay(reference: string, options?: { amount?: number; currency?: string; status?: string }): number;
  /** Answer 500 to the next `count` calls. */
  failNext(count: number): void;
  calls: string[];
  close(): Promise<void>;
}

type Transaction = { id: number; tx_ref: string; amount: number; currency: string; status: string };

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  return text ? (JSON.parse(text) as unknown) : {};
}

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

export async function startFlutterwaveFake(): Promise<FlutterwaveFake> {
  const secretKey = "FLWSECK_TEST-0123456789abcdef0123456789abcdef-X";
  const checkouts: FlutterwaveFake["checkouts"] = new Map();
  const transactions = new Map<number, Transaction>();
  const calls: string[] = [];
  let failures = 0;

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? "/", "http://127.0.0.1");
      calls.push(`${request.method} ${url.pathname}`);
      if (failures > 0) {
        failures -= 1;
        return send(response, 500, { status: "error", message: "Internal error", data: null });
      }
      if (request.headers.authorization !== `Bearer ${secretKey}`) {
        return send(response, 401, { status: "error", message: "Invalid authorization key", data: null });
      }
      if (request.method === "POST" && url.pathname === "/v3/payments") {
        const body = (await readBody(request)) as {
          tx_ref?: string;
          amount?: number;
          currency?: string;
          redirect_url?: string;
          customer?: { email?: string };
          payment_options?: unknown;
          meta?: { saleId?: unknown; customerName?: unknown; phoneNumber?: unknown };
        };
        if (!body.tx_ref || !body.amount || !body.redirect_url || !body.customer?.email) {
          return send(response, 400, { status: "error", message: "Missing required fields", data: null });
        }
        // What spec 001 asks the checkout to carry: the channels offered and the sale's metadata.
        const options = typeof body.payment_options === "string" ? body.payment_options.split(", ") : [];
        const channels = ["card", "banktransfer", "ussd", "qr"];
        const meta = body.meta ?? {};
        if (
          !channels.every((channel) => options.includes(channel)) ||
          typeof meta.saleId !== "string" ||
          typeof meta.customerName !== "string" ||
          typeof meta.phoneNumber !== "string"
        ) {
          return send(response, 400, {
            status: "error",
            message: "payment_options and meta (saleId, customerName, phoneNumber) are required",
            data: null,
          });
        }
        checkouts.set(body.tx_ref, {
          amount: body.amount,
          currency: body.currency ?? "NGN",
          redirectUrl: body.redirect_url,
          email: body.customer.email,
        });
        return send(response, 200, {
          status: "success",
          message: "Hosted Link",
          data: { link: `https://checkout.flutterwave.com/v3/hosted/pay/${encodeURIComponent(body.tx_ref)}` },
        });
      }
      const byId = url.pathname.match(/^\/v3\/transactions\/(\d+)\/verify$/);
      const transaction =
        request.method === "GET" && byId
          ? transactions.get(Number(byId[1]))
          : request.method === "GET" && url.pathname === "/v3/transactions/verify_by_reference"
            ? [...transactions.values()]
                .reverse()
                .find((entry) => entry.tx_ref === url.searchParams.get("tx_ref"))
            : undefined;
      if (byId || url.pathname === "/v3/transactions/verify_by_reference") {
        if (!transaction) {
          return send(response, 400, {
            status: "error",
            message: "No transaction was found for this id",
            data: null,
          });
        }
        return send(response, 200, {
          status: "success",
          message: "Transaction fetched successfully",
          data: { ...transaction, flw_ref: `FLW-${transaction.id}`, charged_amount: transaction.amount },
        });
      }
      return send(response, 404, { status: "error", message: "Not found", data: null });
    })().catch((error: unknown) => send(response, 500, { status: "error", message: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    secretKey,
    publicKey: "FLWPUBK_TEST-0123456789abcdef0123456789abcdef-X",
    webhookHash: "a-webhook-secret-hash",
    checkouts,
    calls,
    pay(reference, options = {}) {
      const checkout = checkouts.get(reference);
      const id = randomInt(1_000_000, 9_999_999);
      transactions.set(id, {
        id,
        tx_ref: reference,
        amount: options.amount ?? checkout?.amount ?? 0,
        currency: options.currency ?? checkout?.currency ?? "NGN",
        status: options.status ?? "successful",
      });
      return id;
    },
    failNext(count) {
      failures = count;
    },
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
