import fs from "node:fs";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import os from "node:os";
import path from "node:path";
import { createReadableStreamFromReadable } from "@remix-run/node";
import type { RequestHandler } from "express";
import { rawPost } from "#backend/test/raw-http";
import { MESSAGES } from "~/utils/error-catalogue";
import { createServerApp } from "./app";
import { log } from "#backend/log";

/**
 * The whole HTTP stack on a real socket, with a stand-in for Remix that answers what it was handed:
 * the order of the steps matters as much as each step.
 */

const seen: RequestHandler = async (req, res) => {
  if (req.path === "/own-cache") res.set("Cache-Control", "private, max-age=60");
  // Read as Remix reads it, so a body the server handled on the way is seen as an action would see it.
  const body =
    req.method === "GET" || req.method === "HEAD"
      ? null
      : await new Response(createReadableStreamFromReadable(req)).text();
  res.json({
    body,
    method: req.method,
    url: req.originalUrl,
    forwardedFor: req.get("x-forwarded-for") ?? null,
    forwardedHost: req.get("x-forwarded-host") ?? null,
    origin: req.get("origin") ?? null,
    contentType: req.get("content-type") ?? null,
    nonce: res.locals.cspNonce,
  });
};

const FORM_LIMIT = 1024 * 1024;

let folder: string;
const servers: Server[] = [];

beforeAll(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "server-app-test-"));
  fs.mkdirSync(path.join(folder, "assets"));
  fs.writeFileSync(path.join(folder, "assets", "entry-ABC123.js"), "export {};\n");
  fs.writeFileSync(path.join(folder, "favicon.svg"), "<svg/>");
});

afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  fs.rmSync(folder, { recursive: true, force: true });
});

async function start(
  settings: { trustProxyHops?: number; appOrigin?: string; draining?: () => boolean } = {},
) {
  const app = createServerApp({
    settings: {
      trustProxyHops: settings.trustProxyHops ?? 0,
      appOrigin: settings.appOrigin,
      bodyLimitBytes: FORM_LIMIT,
    },
    remix: seen,
    assets: { urlPath: "/assets/", directory: path.join(folder, "assets") },
    publicDirectory: folder,
    draining: settings.draining,
  });
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  servers.push(server);
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    port: (server.address() as AddressInfo).port,
    get: (route: string, headers: Record<string, string> = {}) => fetch(`${base}${route}`, { headers }),
    post: (route: string, headers: Record<string, string> = {}) =>
      fetch(`${base}${route}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
        body: "firstname=Ada",
        redirect: "manual",
      }),
  };
}

describe("request lines and probes", () => {
  it("writes one line per request with its id, method, path without the query, status and duration", async () => {
    const info = vi.spyOn(log, "info").mockImplementation(() => undefined);
    try {
      const { get } = await start();
      const answer = await get("/customers/all?search=Ada");
      const id = answer.headers.get("x-request-id");
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      const lines = info.mock.calls.filter(([, message]) => message === "request");
      expect(lines).toHaveLength(1);
      expect(lines[0][0]).toEqual({
        method: "GET",
        path: "/customers/all",
        status: 200,
        durationMs: expect.any(Number),
      });
    } finally {
      info.mockRestore();
    }
  });

  it("takes a request id from a trusted proxy only", async () => {
    const trusted = await start({ trustProxyHops: 1 });
    expect((await trusted.get("/x", { "X-Request-Id": "lb-123" })).headers.get("x-request-id")).toBe(
      "lb-123",
    );
    const direct = await start();
    expect((await direct.get("/x", { "X-Request-Id": "lb-123" })).headers.get("x-request-id")).not.toBe(
      "lb-123",
    );
    // An odd one is replaced, never echoed.
    expect((await trusted.get("/x", { "X-Request-Id": "<script>" })).headers.get("x-request-id")).toMatch(
      /^[0-9a-f-]{36}$/,
    );
  });

  it("answers /livez itself; /readyz goes to the app until the stop signal, then 503", async () => {
    let stopping = false;
    const { get } = await start({ draining: () => stopping });
    const live = await get("/livez");
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: "ok" });
    expect(((await (await get("/readyz")).json()) as { url: string }).url).toBe("/readyz");
    stopping = true;
    const ready = await get("/readyz");
    expect(ready.status).toBe(503);
    expect(ready.headers.get("cache-control")).toBe("no-store");
    expect(await ready.json()).toEqual({
      statusCode: 503,
      message: "Stopping",
      error: "Service Unavailable",
    });
    expect((await get("/livez")).status).toBe(200);
  });
});

describe("security headers and caching", () => {
  it("gives each page its own nonce, the one in the policy, and no-store", async () => {
    const { get } = await start();
    const [first, second] = await Promise.all([get("/login"), get("/login")]);
    const body = (await first.json()) as { nonce: string };
    expect(first.headers.get("content-security-policy")).toContain(`'nonce-${body.nonce}'`);
    expect(second.headers.get("content-security-policy")).not.toContain(`'nonce-${body.nonce}'`);
    expect(first.headers.get("cache-control")).toBe("no-store");
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.headers.get("x-frame-options")).toBe("DENY");
    expect(first.headers.get("x-powered-by")).toBeNull();
    expect(first.headers.get("strict-transport-security")).toBeNull();
  });

  it("keeps a Cache-Control the route chose", async () => {
    const { get } = await start();
    expect((await get("/own-cache")).headers.get("cache-control")).toBe("private, max-age=60");
  });

  it("caches fingerprinted assets for a year and other public files for an hour", async () => {
    const { get } = await start();
    const asset = await get("/assets/entry-ABC123.js");
    expect(asset.status).toBe(200);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(asset.headers.get("x-content-type-options")).toBe("nosniff");
    expect((await get("/favicon.svg")).headers.get("cache-control")).toBe("public, max-age=3600");
    // A missing asset falls through to Remix (its 404 page), uncached.
    expect((await get("/assets/missing.js")).headers.get("cache-control")).toBe("no-store");
  });

  it("sends HSTS only when a trusted proxy says the request came over HTTPS", async () => {
    const direct = await start();
    const behindProxy = await start({ trustProxyHops: 1 });
    const overHttps = { "X-Forwarded-Proto": "https" };
    expect((await direct.get("/login", overHttps)).headers.get("strict-transport-security")).toBeNull();
    expect((await behindProxy.get("/login", overHttps)).headers.get("strict-transport-security")).toBe(
      "max-age=31536000; includeSubDomains",
    );
    expect((await behindProxy.get("/login")).headers.get("strict-transport-security")).toBeNull();
  });
});

describe("client address", () => {
  it("replaces a browser's X-Forwarded-For with the socket's address", async () => {
    const { get } = await start();
    const body = await (await get("/login", { "X-Forwarded-For": "203.0.113.9" })).json();
    expect(body.forwardedFor).toBe("127.0.0.1");
    expect((await (await get("/login")).json()).forwardedFor).toBe("127.0.0.1");
  });

  it("drops X-Forwarded-Host when no proxy is trusted", async () => {
    const { get } = await start();
    expect(
      (await (await get("/login", { "X-Forwarded-Host": "evil.example" })).json()).forwardedHost,
    ).toBeNull();
  });

  it("behind one trusted proxy, takes the address that proxy saw, not what the browser claimed", async () => {
    const { get } = await start({ trustProxyHops: 1 });
    // The browser sent "203.0.113.9"; the proxy appended the address it saw.
    const body = await (await get("/login", { "X-Forwarded-For": "203.0.113.9, 198.51.100.7" })).json();
    expect(body.forwardedFor).toBe("198.51.100.7");
  });
});

describe("cross-site form posts", () => {
  let warn: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    warn = vi.spyOn(log, "warn").mockImplementation(() => undefined);
  });
  afterEach(() => warn.mockRestore());

  it("passes a same-origin post to Remix untouched", async () => {
    const { base, post } = await start();
    const body = await (await post("/customers/all/new", { Origin: base })).json();
    expect(body).toMatchObject({ method: "POST", url: "/customers/all/new", origin: base });
  });

  it("re-dispatches a refused document post as a body-less GET of the Access Denied page", async () => {
    const { post } = await start();
    const body = await (await post("/customers/all/new", { Origin: "https://evil.example" })).json();
    expect(body).toMatchObject({ method: "GET", url: "/access-denied", contentType: null });
    expect(warn).toHaveBeenCalledWith(
      "Refused a cross-site POST /customers/all/new: origin https://evil.example",
    );
  });

  it("answers a refused data request with the API's 403 body", async () => {
    const { post } = await start();
    for (const route of ["/customers/all/new.data", "/customers/all/new?_data=routes%2Fx"]) {
      const response = await post(route, { Origin: "https://evil.example" });
      expect(response.status).toBe(403);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(await response.json()).toEqual({
        statusCode: 403,
        message: "Forms from other sites are not accepted",
        error: "Forbidden",
      });
    }
  });

  it("checks the Referer when there is no Origin, and refuses Origin: null", async () => {
    const { base, post } = await start();
    expect((await (await post("/x", { Referer: "https://evil.example/a" })).json()).url).toBe(
      "/access-denied",
    );
    expect((await (await post("/x", { Referer: `${base}/customers` })).json()).url).toBe("/x");
    expect((await (await post("/x", { Origin: "null" })).json()).url).toBe("/access-denied");
    expect((await (await post("/x")).json()).url).toBe("/x");
  });

  it("accepts APP_URL's origin, and hides it from Remix's own Host-only comparison", async () => {
    const { post } = await start({ appOrigin: "https://office.example.com" });
    const body = await (await post("/x", { Origin: "https://office.example.com" })).json();
    expect(body).toMatchObject({ method: "POST", url: "/x", origin: null });
  });

  it("behind a trusted proxy, compares with X-Forwarded-Host", async () => {
    const direct = await start();
    const behindProxy = await start({ trustProxyHops: 1 });
    const fromProxy = { Origin: "https://office.example.com", "X-Forwarded-Host": "office.example.com" };
    expect((await (await behindProxy.post("/x", fromProxy)).json()).url).toBe("/x");
    expect((await (await direct.post("/x", fromProxy)).json()).url).toBe("/access-denied");
  });

  it("leaves /api/* to its bearer tokens", async () => {
    const { post } = await start();
    const body = await (await post("/api/v1/customers/create", { Origin: "https://evil.example" })).json();
    expect(body).toMatchObject({ method: "POST", url: "/api/v1/customers/create" });
  });
});

describe("request bodies", () => {
  let warn: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    warn = vi.spyOn(log, "warn").mockImplementation(() => undefined);
  });
  afterEach(() => warn.mockRestore());

  const form = { "Content-Type": "application/x-www-form-urlencoded" };
  const big = 100 * 1024 * 1024;

  /** Answered before the body is read, and the connection closed rather than kept for a drain. */
  function expectPromptClose(answer: Awaited<ReturnType<typeof rawPost>>) {
    expect(answer.headers.connection).toBe("close");
    expect(answer.answeredAfterMs).toBeLessThan(3_000);
    expect(answer.closedByServer).toBe(true);
    expect(answer.closedAfterMs).toBeLessThan(4_000);
  }

  it("re-dispatches an oversized sign-in post, declared or chunked, as a GET of the Too Large page", async () => {
    const { port } = await start();
    for (const chunked of [false, true]) {
      const answer = await rawPost({ port, path: "/login", headers: form, bodyBytes: big, chunked });
      expect(JSON.parse(answer.body), `chunked: ${chunked}`).toMatchObject({
        method: "GET",
        url: "/request-too-large",
        contentType: null,
        body: null,
      });
      expectPromptClose(answer);
    }
    expect(warn).toHaveBeenCalledWith(`Refused a POST /login: body over ${FORM_LIMIT} bytes`);
  });

  it("reads the rest of an over-limit body still coming in, so the answer is not lost to a reset", async () => {
    const { port } = await start();
    for (const chunked of [false, true]) {
      // Two megabytes over about a third of a second: a client on a modest line.
      const answer = await rawPost({
        port,
        path: "/login",
        headers: form,
        bodyBytes: 2 * FORM_LIMIT,
        chunked,
        paceMs: 10,
      });
      expect(JSON.parse(answer.body)).toMatchObject({ url: "/request-too-large" });
      expectPromptClose(answer);
      expect(answer.reset, `chunked: ${chunked}`).toBe(false);
    }
  });

  it("answers an oversized data request with a 413 in the API's error shape", async () => {
    const { port } = await start();
    const answer = await rawPost({ port, path: "/login.data", headers: form, bodyBytes: big });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({
      statusCode: 413,
      message: [...MESSAGES.tooLargeLines],
      error: "Payload Too Large",
    });
    expectPromptClose(answer);
  });

  it("answers an oversized API call with the API's own 400", async () => {
    const { port } = await start();
    const json = { "Content-Type": "application/json" };
    for (const chunked of [false, true]) {
      const answer = await rawPost({
        port,
        path: "/api/v1/auth/login",
        headers: json,
        bodyBytes: big,
        chunked,
      });
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body)).toEqual({
        statusCode: 400,
        message: "Request body too large",
        error: "Bad Request",
      });
      expectPromptClose(answer);
    }
  });

  it("lets an upload be as large as the API takes a file, and no larger", async () => {
    const { base, port } = await start();
    const body = new FormData();
    body.set("file", new Blob(["a".repeat(5 * 1024 * 1024)]), "devices.csv");
    const fits = await (await fetch(`${base}/devices/all/batch`, { method: "POST", body })).json();
    expect(fits).toMatchObject({ method: "POST", url: "/devices/all/batch" });
    expect(fits.body.length).toBeGreaterThan(5 * 1024 * 1024);
    const multipart = { "Content-Type": "multipart/form-data; boundary=x" };
    const tooLarge = await rawPost({
      port,
      path: "/devices/all/batch",
      headers: multipart,
      bodyBytes: 6 * 1024 * 1024,
    });
    expect(JSON.parse(tooLarge.body)).toMatchObject({ method: "GET", url: "/request-too-large" });
    expectPromptClose(tooLarge);
  });

  it("passes a normal form post, declared or chunked, to Remix whole", async () => {
    const { base, post } = await start();
    expect(await (await post("/login", { Origin: base })).json()).toMatchObject({
      method: "POST",
      url: "/login",
      body: "firstname=Ada",
    });
    const text = `email=ada%40example.com&note=${"x".repeat(200_000)}`;
    const pieces = [text.slice(0, 70_000), text.slice(70_000, 140_000), text.slice(140_000)];
    const chunked = await fetch(`${base}/login`, {
      method: "POST",
      headers: form,
      body: new ReadableStream({
        pull(controller) {
          const piece = pieces.shift();
          if (piece) controller.enqueue(new TextEncoder().encode(piece));
          else controller.close();
        },
      }),
      duplex: "half",
    } as RequestInit);
    expect(chunked.status).toBe(200);
    expect(chunked.headers.get("connection")).not.toBe("close");
    expect(await chunked.json()).toMatchObject({ method: "POST", url: "/login", body: text });
    expect(warn).not.toHaveBeenCalled();
  });
});
