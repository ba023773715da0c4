import type { AddressInfo } from "node:net";
import { metrics, routeOf, startMetricsServer } from "./metrics";

describe("metrics", () => {
  it("names routes, not records: ids, numbers and asset files become placeholders", () => {
    expect(routeOf("/customers/all")).toBe("/customers/all");
    expect(routeOf("/sales/3f2c9a1e-2b4d-4e8f-9a0b-1c2d3e4f5a6b")).toBe("/sales/:id");
    expect(routeOf("/collections/SL000123/contacts")).toBe("/collections/:id/contacts");
    expect(routeOf("/api/v1/users/42")).toBe("/api/v1/users/:id");
    expect(routeOf("/assets/entry-ABC123.js")).toBe("/assets/:file");
    expect(routeOf("/portfolio")).toBe("/portfolio");
  });

  it("answers GET /metrics in Prometheus's format on its own port, and nothing else", async () => {
    metrics.signInRefusals.inc({ reason: "wrong_credentials" });
    const server = startMetricsServer(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const answer = await fetch(`${base}/metrics`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toContain("text/plain");
      const text = await answer.text();
      for (const name of [
        "http_request_duration_seconds",
        "job_rounds_total",
        "read_cache_lookups_total",
        "read_cache_invalidations_total",
        "payment_provider_errors_total",
        "process_resident_memory_bytes",
      ]) {
        expect(text).toContain(`# TYPE ${name}`);
      }
      expect(text).toMatch(/sign_in_refusals_total\{reason="wrong_credentials"\} [1-9]/);
      expect((await fetch(`${base}/`)).status).toBe(404);
      expect((await fetch(`${base}/metrics`, { method: "POST" })).status).toBe(404);
    } finally {
      server.close();
    }
  });
});
