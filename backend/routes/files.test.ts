import { storeFile } from "../services/files";
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
