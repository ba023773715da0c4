import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { ErrorBodySchema } from "./schemas/errors";
import { createApi } from "./app";
import { OPERATIONS } from "./http/openapi";
import { expectExactly, signedInAs } from "./test/factories";
import { rawPost } from "./test/raw-http";
import { createTestBackend } from "./test/test-backend";
import type { TestBackend } from "./test/test-backend";
import { log } from "./log";

const BODY_LIMIT = 2048;

let backend: TestBackend;
beforeAll(async () => {
  backend = await createTestBackend({ bodyLimitBytes: BODY_LIMIT });
});
afterAll(() => backend.close());

const login = (rawBody: string, headers: Record<string, string> = {}) =>
  backend.request("POST", "/api/v1/auth/login", {
    rawBody,
    headers: { "content-type": "application/json", ...headers },
  });

describe("request bodies", () => {
  it("answers 400 to malformed JSON", async () => {
    const response = await login('{"email": "a@b.co", ');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      statusCode: 400,
      message: "Malformed JSON body",
      error: "Bad Request",
    });
  });

  it("answers 400 to a body over the limit, with or without a Content-Length", async () => {
    const big = JSON.stringify({ email: "a@b.co", password: "x".repeat(BODY_LIMIT) });
    const expected = { statusCode: 400, message: "Request body too large", error: "Bad Request" };

    const declared = await login(big, { "content-length": String(Buffer.byteLength(big)) });
    expect(declared.status).toBe(400);
    expect(await declared.json()).toEqual(expected);

    const chunks = [big.slice(0, 1000), big.slice(1000)];
    const streamed = await backend.app.fetch(
      new Request("http://backend.test/api/v1/auth/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: new ReadableStream({
          pull(controller) {
            const chunk = chunks.shift();
            if (chunk) controller.enqueue(new TextEncoder().encode(chunk));
            else controller.close();
          },
        }),
        duplex: "half",
      } as RequestInit),
    );
    expect(streamed.status).toBe(400);
    expect(await streamed.json()).toEqual(expected);
  });

  it("on a keep-alive socket, answers an over-limit body at once and closes the connection", async () => {
    const server = serve({ fetch: backend.app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      for (const chunked of [false, true]) {
        const answer = await rawPost({
          port,
          path: "/api/v1/auth/login",
          headers: { "Content-Type": "application/json" },
          bodyBytes: 20 * 1024 * 1024,
          chunked,
        });
        expect(answer.status, `chunked: ${chunked}`).toBe(400);
        expect(JSON.parse(answer.body)).toEqual({
          statusCode: 400,
          message: "Request body too large",
          error: "Bad Request",
        });
        // Told not to send another request on it, and not left waiting for the rest of the body.
        expect(answer.headers.connection).toBe("close");
        expect(answer.answeredAfterMs).toBeLessThan(2_000);
        expect(answer.closedByServer).toBe(true);
        expect(answer.closedAfterMs).toBeLessThan(3_000);
      }
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("drops unknown fields, as the existing clients expect", async () => {
    const response = await login(JSON.stringify({ email: "a@b.co", password: "x", admin: true }));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      statusCode: 401,
      message: "Invalid credentials provided",
      error: "Unauthorized",
    });
  });

  it("refuses fields named after an object's machinery", async () => {
    const response = await login('{"email": "a@b.co", "password": "x", "__proto__": {"admin": true}}');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      statusCode: 400,
      message: ["__proto__: Not allowed as a field name"],
      error: "Bad Request",
      fieldErrors: { ["__proto__"]: ["Not allowed as a field name"] },
    });
  });

  it("refuses a body that is not an object", async () => {
    const response = await login("[1, 2]");
    expect(response.status).toBe(400);
    const body = await response.json();
    expectExactly(ErrorBodySchema, body);
    expect(body.message).toEqual(["Expected object, received array"]);
  });

  it("treats an empty body as no fields at all", async () => {
    const response = await login("");
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      fieldErrors: { email: ["Email is required"], password: ["Password is required"] },
    });
  });
});

describe("unknown routes", () => {
  it("answer 404 in the error shape", async () => {
    const response = await backend.request("GET", "/api/v1/no-such-area");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      statusCode: 404,
      message: "Cannot GET /api/v1/no-such-area",
      error: "Not Found",
    });
    expect((await backend.request("PUT", "/api/v1/users/x")).status).toBe(404);
  });
});

describe("request lines (the API run alone)", () => {
  it("names who asked, under the caller's request id", async () => {
    const { token, user } = await signedInAs(backend, "viewer");
    const info = vi.spyOn(log, "info").mockImplementation(() => undefined);
    try {
      const answer = await backend.request("GET", "/api/v1/customers?search=x", {
        token,
        headers: { "X-Request-Id": "web-42" },
      });
      expect(answer.headers.get("x-request-id")).toBe("web-42");
      const lines = info.mock.calls.filter(([, message]) => message === "request");
      expect(lines.map(([fields]) => fields)).toEqual([
        {
          method: "GET",
          path: "/api/v1/customers",
          status: 200,
          durationMs: expect.any(Number),
          userId: user.id,
        },
      ]);
    } finally {
      info.mockRestore();
    }
  });
});

describe("probes", () => {
  it("/healthz answers ok while the database answers", async () => {
    const response = await backend.request("GET", "/healthz");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("/livez answers without asking anything, /readyz once the database answers", async () => {
    expect(await (await backend.request("GET", "/livez")).json()).toEqual({ status: "ok" });
    const ready = await backend.request("GET", "/readyz");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready" });
  });

  it("/readyz answers 503 once the instance is stopping, /livez still 200", async () => {
    const stopping = createApi({
      db: backend.db,
      config: backend.config,
      mailer: backend.mailer,
      draining: () => true,
    });
    const ready = await stopping.request("/readyz");
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({
      statusCode: 503,
      message: "Stopping",
      error: "Service Unavailable",
    });
    expect((await stopping.request("/livez")).status).toBe(200);
  });
});

describe("failures", () => {
  it("answer 500 or 503 in the error shape, with the details only in the log", async () => {
    const broken = await createTestBackend();
    await broken.close();
    const logged = vi.spyOn(log, "error").mockImplementation(() => undefined);
    try {
      expect((await broken.request("GET", "/readyz")).status).toBe(503);
      expect((await broken.request("GET", "/livez")).status).toBe(200);
      const health = await broken.request("GET", "/healthz");
      expect(health.status).toBe(503);
      expect(await health.json()).toEqual({
        statusCode: 503,
        message: "Database unavailable",
        error: "Service Unavailable",
      });

      const response = await broken.request("POST", "/api/v1/auth/login", {
        body: { email: "a@b.co", password: "whatever" },
      });
      expect(response.status).toBe(500);
      const text = await response.text();
      expect(JSON.parse(text)).toEqual({
        statusCode: 500,
        message: "Internal server error",
        error: "Internal Server Error",
      });
      expect(text).not.toMatch(/at .*\.ts|stack|closed/i);
      expect(logged).toHaveBeenCalledWith(
        expect.objectContaining({ err: expect.anything() }),
        expect.stringContaining("POST /api/v1/auth/login failed"),
      );
    } finally {
      logged.mockRestore();
    }
  });
});

describe("GET /api/docs", () => {
  it("describes every route the app serves", async () => {
    const response = await backend.request("GET", "/api/docs");
    expect(response.status).toBe(200);
    const document = await response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.components.securitySchemes.bearer).toEqual({ type: "http", scheme: "bearer" });

    const served = new Set(
      backend.app.routes
        .filter((route) => route.method !== "ALL")
        .map((route) => `${route.method.toLowerCase()} ${route.path.replace(/:(\w+)/g, "{$1}")}`),
    );
    const documented = new Set(OPERATIONS.map((operation) => `${operation.method} ${operation.path}`));
    expect([...served].sort()).toEqual([...documented].sort());
    for (const key of served) {
      const [method, path] = key.split(" ");
      expect(document.paths[path]?.[method], key).toBeDefined();
    }
  });

  it("takes request bodies from the shared schemas", async () => {
    const document = await (await backend.request("GET", "/api/docs")).json();
    const login = document.paths["/api/v1/auth/login"].post;
    const schema = login.requestBody.content["application/json"].schema;
    expect(schema.required).toEqual(["email", "password"]);
    // Unknown fields are dropped, not refused (decision 004).
    expect(schema.additionalProperties).toBe(true);
    expect(login.responses["200"].headers.access_token).toBeDefined();
    expect(document.paths["/api/v1/users"].get.parameters.map((p: { name: string }) => p.name)).toEqual([
      "page",
      "limit",
      "search",
      "status",
    ]);
    expect(document.paths["/api/v1/roles"].get.responses["403"]).toBeDefined();
  });

  it("describes the contract's role and permission routes and the public image route", async () => {
    const document = await (await backend.request("GET", "/api/docs")).json();
    const json = (operation: {
      responses: Record<string, { content: Record<string, { schema: unknown }> }>;
    }) =>
      Object.values(operation.responses)[0].content["application/json"].schema as {
        type: string;
        items: { properties: Record<string, unknown>; required: string[] };
        properties: Record<string, unknown>;
        required: string[];
      };
    const roles = json(document.paths["/api/v1/roles"].get);
    expect(roles.type).toBe("array");
    expect(roles.items.required).toEqual(expect.arrayContaining(["id", "role", "permissions", "_count"]));
    expect(roles.items.properties._count).toMatchObject({ required: ["users"] });
    expect(json(document.paths["/api/v1/roles/{id}"].get).required).toContain("_count");
    expect(json(document.paths["/api/v1/roles/more_details/{id}"].get).required).toContain("users");
    expect(json(document.paths["/api/v1/permissions/subjects"].get).required).toEqual(["subjects"]);
    const create = document.paths["/api/v1/permissions"].post;
    expect(create.requestBody.content["application/json"].schema.required).toEqual(["action", "subject"]);
    expect(create.responses["201"]).toBeDefined();
    expect(document.paths["/api/v1/permissions/{id}"].delete.description).toContain("delete:Roles");
    const image = document.paths["/api/v1/files/images/{id}"].get;
    expect(image.security).toEqual([]);
    expect(image.responses["401"]).toBeUndefined();
    expect(document.paths["/api/v1/files/{id}"].get.responses["401"]).toBeDefined();
  });
});

describe("the reference's routes in /api/docs (issue 30)", () => {
  const success = (operation: {
    responses: Record<string, { content: Record<string, { schema: unknown }> }>;
  }) =>
    Object.values(operation.responses)[0].content["application/json"].schema as {
      properties: Record<string, { type?: string; properties?: Record<string, unknown>; items?: unknown }>;
      required?: string[];
    };

  it("describes their shapes: comma-list payment modes, sale items, checkout fields, contracts", async () => {
    const document = await (await backend.request("GET", "/api/docs")).json();
    const product = success(document.paths["/api/v1/products/{id}"].get);
    expect(product.properties.paymentModes.type).toBe("string");
    const listed = success(document.paths["/api/v1/products"].get);
    expect(Object.keys(listed.properties)).toEqual([
      "updatedResults",
      "total",
      "page",
      "limit",
      "totalPages",
    ]);

    const saleItems = success(document.paths["/api/v1/sales"].get);
    expect(Object.keys(saleItems.properties)).toEqual(["saleItems", "total", "page", "limit", "totalPages"]);
    const row = saleItems.properties.saleItems.items as { properties: Record<string, unknown> };
    expect(Object.keys(row.properties)).toEqual(
      expect.arrayContaining(["id", "saleId", "deviceIDs", "sale", "devices", "SaleRecipient"]),
    );
    const limit = document.paths["/api/v1/sales"].get.parameters.find(
      (parameter: { name: string }) => parameter.name === "limit",
    );
    expect(limit.schema.default).toBe(10);
    expect(Object.keys(success(document.paths["/api/v1/sales/list"].get).properties)[0]).toBe("sales");

    const create = document.paths["/api/v1/sales/create"].post;
    expect(create.requestBody.content["application/json"].schema.required).not.toContain("paymentMethod");
    const paymentData = success(create).properties.paymentData as { properties: Record<string, unknown> };
    expect(Object.keys(paymentData.properties)).toEqual(
      expect.arrayContaining(["tx_ref", "payment_options", "customizations", "meta", "reference", "saleId"]),
    );

    const contracts = success(document.paths["/api/v1/contract"].get);
    expect(Object.keys(contracts.properties)).toEqual(["contracts", "total", "page", "limit", "totalPages"]);
    const contract = success(document.paths["/api/v1/contract/{id}"].get);
    expect(contract.properties.id).toMatchObject({ description: expect.stringContaining("sale's id") });
    expect(document.paths["/api/v1/contract/{id}"].get.responses["404"]).toBeDefined();
  });
});

describe("answers", () => {
  it("never carry a password hash (checked on every request of the suite as well)", async () => {
    const { token, user } = await signedInAs(backend, "admin");
    for (const path of [
      "/api/v1/users",
      "/api/v1/users/single",
      `/api/v1/users/single/${user.id}`,
      "/api/v1/activity",
    ]) {
      const text = await (await backend.request("GET", path, { token })).text();
      expect(text).not.toMatch(/scrypt\$|passwordHash|password_hash/);
    }
  });
});

describe("GET /api/docs: the reference contract's shapes (issue 30)", () => {
  type JsonSchema = {
    $ref?: string;
    type?: string | string[];
    nullable?: boolean;
    properties?: Record<string, JsonSchema>;
    items?: JsonSchema;
    required?: string[];
  };
  const documentOf = async () => (await backend.request("GET", "/api/docs")).json();
  const answerOf = (
    document: { paths: Record<string, Record<string, unknown>> },
    method: string,
    path: string,
  ) => {
    const operation = document.paths[path]?.[method] as
      { responses: Record<string, { content: Record<string, { schema: JsonSchema }> }> } | undefined;
    expect(operation, `${method} ${path}`).toBeDefined();
    const [success] = Object.entries(operation!.responses).filter(([status]) => status.startsWith("2"));
    return success[1].content["application/json"].schema;
  };
  const resolve = (document: { components: { schemas: Record<string, JsonSchema> } }, schema: JsonSchema) =>
    schema.$ref ? document.components.schemas[schema.$ref.split("/").pop()!] : schema;

  it("lists the contract routes added for it, each with its answer", async () => {
    const document = await documentOf();
    for (const [method, path] of [
      ["get", "/api/v1/products/{id}/inventory"],
      ["post", "/api/v1/inventory/batch/create"],
      ["patch", "/api/v1/device/{id}"],
      ["delete", "/api/v1/device/{id}"],
    ]) {
      expect(answerOf(document, method, path), `${method} ${path}`).toBeDefined();
    }
    expect(document.paths["/api/v1/device/{id}"].delete.description).toContain("delete:Devices");
    expect(document.paths["/api/v1/inventory/batch/create"].post.requestBody).toBeDefined();
  });

  it("gives devices' count and timeDivider as strings, agents' person under user, inventory values", async () => {
    const document = await documentOf();
    const device = resolve(document, answerOf(document, "patch", "/api/v1/device/{id}"));
    expect(device.properties?.count).toMatchObject({ type: "string", nullable: true });
    expect(device.properties?.timeDivider).toMatchObject({ type: "string", nullable: true });
    const listed = answerOf(document, "get", "/api/v1/device").properties?.devices.items;
    expect(listed?.properties?.count).toMatchObject({ type: "string" });

    const agent = resolve(document, answerOf(document, "get", "/api/v1/agents/{id}"));
    expect(agent.properties?.agentId).toMatchObject({ type: "number" });
    expect(agent.properties?.user.required).toEqual(
      expect.arrayContaining(["firstname", "lastname", "email", "phone", "status"]),
    );
    const listedAgent = answerOf(document, "get", "/api/v1/agents").properties?.agents.items;
    expect(listedAgent?.properties?.user.properties?.phone).toMatchObject({ type: "string", nullable: true });

    const item = answerOf(document, "get", "/api/v1/inventory/{id}");
    expect(item.properties?.inventoryValue).toMatchObject({ type: "number" });
    const batch = item.properties?.batches.items;
    expect(batch?.properties?.stockValue).toMatchObject({ type: "string" });
    expect(batch?.properties?.creatorDetails.required).toEqual(["firstname", "lastname"]);

    const links = answerOf(document, "get", "/api/v1/products/{id}/inventory");
    expect(links.properties?.inventories.items?.required).toEqual(
      expect.arrayContaining(["productId", "inventoryId", "quantity", "inventory"]),
    );
  });

  it("gives GET /sales/{id} both answers: our sale for a sale's id, the reference's sale item for an item's", async () => {
    const document = await documentOf();
    const answer = answerOf(document, "get", "/api/v1/sales/{id}") as JsonSchema & { oneOf?: JsonSchema[] };
    expect(answer.oneOf?.map((option) => option.$ref)).toEqual([
      "#/components/schemas/SaleRecord",
      "#/components/schemas/SaleItemDetail",
    ]);
    expect(resolve(document, { $ref: "#/components/schemas/SaleRecord" }).required).toEqual(
      expect.arrayContaining(["id", "saleNumber", "items", "payments", "schedule"]),
    );
    const item = resolve(document, { $ref: "#/components/schemas/SaleItemDetail" });
    expect(item.required).toEqual(
      expect.arrayContaining([
        "id",
        "saleId",
        "productId",
        "deviceIDs",
        "sale",
        "devices",
        "product",
        "SaleRecipient",
      ]),
    );
    const sale = item.properties!.sale;
    expect(sale.required).toEqual(
      expect.arrayContaining(["customer", "payment", "installmentAccountDetails"]),
    );
    expect(sale.properties?.payment.items?.required).toEqual(
      expect.arrayContaining(["transactionRef", "amount", "paymentStatus", "paymentDate", "saleId"]),
    );
    const device = item.properties!.devices.items!;
    expect(device.required).toEqual(expect.arrayContaining(["key", "tokens"]));
    expect(device.properties?.count).toMatchObject({ type: "string" });
    expect(device.properties?.tokens.items?.properties).not.toHaveProperty("key");
    expect(item.properties!.product.properties?.inventories.items?.required).toEqual(
      expect.arrayContaining(["productId", "inventoryId", "quantity", "inventory"]),
    );
    expect(item.properties!.SaleRecipient.required).toEqual(
      expect.arrayContaining(["firstname", "lastname", "address", "phone", "email"]),
    );
    expect(document.paths["/api/v1/sales/{id}"].get.responses["404"]).toBeDefined();
    expect(document.paths["/api/v1/sales/{id}"].get.description).toContain("read:Sales");
  });
});
