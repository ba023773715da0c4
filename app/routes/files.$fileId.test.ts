import { beforeEach, describe, expect, it, vi } from "vitest";

// Before the imports: the session module builds its cookie storage from the configuration when it loads.
vi.hoisted(() => {
  process.env.SESSION_SECRET = "session-test-secret-0123456789";
});

const backendFetch = vi.fn<(request: Request) => Promise<Response>>();
vi.mock("#backend/index", () => ({ getBackend: async () => ({ fetch: backendFetch }) }));

const { loader } = await import("./files.$fileId");

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const load = (fileId: string) =>
  loader({ request: new Request(`http://app.test/files/${fileId}`), params: { fileId }, context: {} });

describe("/files/{id}, the link records give their images", () => {
  beforeEach(() => backendFetch.mockReset());

  it("asks the API's public image route without a session or a token, and answers what it gets", async () => {
    backendFetch.mockResolvedValue(new Response(PNG, { headers: { "content-type": "image/png" } }));
    const response = await load("file-1");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PNG);
    const [request] = backendFetch.mock.calls[0];
    expect(new URL(request.url).pathname).toBe("/api/v1/files/images/file-1");
    expect(request.headers.get("authorization")).toBeNull();
  });

  it("answers the API's refusal without its body", async () => {
    backendFetch.mockResolvedValue(Response.json({ statusCode: 404 }, { status: 404 }));
    const response = await load("a/../b");
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("");
    expect(new URL(backendFetch.mock.calls[0][0].url).pathname).toBe("/api/v1/files/images/a%2F..%2Fb");
  });
});
