import { randomUUID } from "node:crypto";
import { storeFile } from "../services/files";
import { imageOf } from "../services/stock-common";
import { UNAUTHORIZED_BODY, signedInAs } from "../test/factories";
import { createTestBackend } from "../test/test-backend";
import type { TestBackend } from "../test/test-backend";

let backend: TestBackend;
let token: string;
beforeAll(async () => {
  backend = await createTestBackend();
  ({ token } = await signedInAs(backend, "viewer"));
});
afterAll(() => backend.close());

const SVG = new TextEncoder().encode(
  '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
);

describe("GET /api/v1/files/{id}", () => {
  it("serves a stored image with its real type, and an SVG sandboxed so its script never runs", async () => {
    const id = await storeFile(backend.db, { name: "logo.png", bytes: SVG }, "svg", null);
    const response = await backend.request("GET", `/api/v1/files/${id}`, { token });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/svg+xml");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toMatch(/sandbox/);
    expect(response.headers.get("content-security-policy")).toMatch(/default-src 'none'/);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(SVG);
  });

  it("answers 404 for an unknown file and 401 without a token", async () => {
    const missing = await backend.request("GET", "/api/v1/files/no-such-file", { token });
    expect(missing.status).toBe(404);
    expect(await (await backend.request("GET", "/api/v1/files/x")).json()).toEqual(UNAUTHORIZED_BODY);
  });
});

describe("GET /api/v1/files/images/{id}", () => {
  const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);

  it("serves an image to anyone, token or not, as the records' /files/{id} links need", async () => {
    const id = await storeFile(backend.db, { name: "panel.png", bytes: PNG }, "png", null);
    for (const options of [{}, { token }]) {
      const response = await backend.request("GET", `/api/v1/files/images/${id}`, options);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/png");
      expect(response.headers.get("cache-control")).toBe("public, max-age=604800, immutable");
      expect(new Uint8Array(await response.arrayBuffer())).toEqual(PNG);
    }
  });

  it("keeps an SVG sandboxed", async () => {
    const id = await storeFile(backend.db, { name: "logo.svg", bytes: SVG }, "svg", null);
    const response = await backend.request("GET", `/api/v1/files/images/${id}`);
    expect(response.headers.get("content-type")).toBe("image/svg+xml");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toMatch(/default-src 'none'.*sandbox/);
  });

  it("keeps every other kind of file private: 404 here, served to a signed-in caller only", async () => {
    const csv = new TextEncoder().encode("Serial Number,Key\nA-1,abc\n");
    const id = await storeFile(backend.db, { name: "devices.csv", bytes: csv }, "csv", null);
    for (const options of [{}, { token }]) {
      const hidden = await backend.request("GET", `/api/v1/files/images/${id}`, options);
      expect(hidden.status).toBe(404);
      expect(await hidden.json()).toEqual({ statusCode: 404, message: "File not found", error: "Not Found" });
    }
    expect(await (await backend.request("GET", `/api/v1/files/${id}`)).json()).toEqual(UNAUTHORIZED_BODY);
    const signedIn = await backend.request("GET", `/api/v1/files/${id}`, { token });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get("content-type")).toBe("text/csv");
  });

  it("answers 404 for an unknown id and 400 for a NUL character", async () => {
    for (const id of ["no-such-file", randomUUID(), "x".repeat(500)]) {
      expect((await backend.request("GET", `/api/v1/files/images/${id}`)).status).toBe(404);
    }
    expect((await backend.request("GET", "/api/v1/files/images/abc%00def")).status).toBe(400);
  });

  it("is where the records' image links lead", async () => {
    const id = await storeFile(backend.db, { name: "panel.png", bytes: PNG }, "png", null);
    expect(imageOf(id)).toBe(`/files/${id}`);
  });
});
