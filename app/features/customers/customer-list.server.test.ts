import { data } from "@remix-run/node";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { describeFailure } from "~/utils/error-catalogue";

const apiRead = vi.fn();
vi.mock("~/api.server", () => ({ apiRead: (...args: unknown[]) => apiRead(...args) }));
vi.mock("~/session.server", () => ({
  requireUser: async () => ({ role: { permissions: ["read:Customers"] } }),
}));

const { customerListLoader } = await import("./customer-list.server");

/** What `throwFailure` throws for an API answer with this status. */
function failure(status: number) {
  return data(describeFailure({ status }), { status });
}

async function thrownBy(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as { data: { title: string; lines: string[] } };
  }
  throw new Error("the loader did not fail");
}

describe("the customer list's data", () => {
  beforeEach(() => apiRead.mockReset());

  it("has the list template's shape: title, tab, stats, page and the role's flags", async () => {
    const stats = {
      totalCustomerCount: 3,
      newCustomerCount: 1,
      activeCustomerCount: 2,
      barredCustomerCount: 1,
    };
    const list = { customers: [], total: 2, page: 1, limit: 20, totalPages: 1 };
    apiRead.mockImplementation(async (_request: Request, path: string) =>
      path === "/v1/customers/stats" ? stats : list,
    );
    const request = new Request("http://app.test/customers/active?search=ada");
    expect(await customerListLoader("active", { request, params: {}, context: {} })).toEqual({
      title: "Active",
      tab: "active",
      stats,
      page: { query: { page: 1, limit: 20, search: "ada", status: "active" }, list },
      can: { create: false },
    });
    expect(apiRead).toHaveBeenCalledWith(request, "/v1/customers", expect.anything(), {
      page: 1,
      limit: 20,
      search: "ada",
      status: "active",
    });
  });
});

describe("the customer list's failure", () => {
  beforeEach(() => apiRead.mockReset());

  it("reads the spec's 'Failed to fetch customers' when the list cannot be read", async () => {
    apiRead.mockImplementation(async (_request: Request, path: string) => {
      if (path === "/v1/customers") throw failure(500);
      return { total: 0 };
    });
    const request = new Request("http://app.test/customers/all");
    const thrown = await thrownBy(customerListLoader("all", { request, params: {}, context: {} }));
    expect(thrown.data.lines).toEqual(["Failed to fetch customers"]);
  });

  it("keeps the Access Denied lines for a refused read", async () => {
    apiRead.mockImplementation(async (_request: Request, path: string) => {
      if (path === "/v1/customers") throw failure(403);
      return { total: 0 };
    });
    const request = new Request("http://app.test/customers/all");
    const thrown = await thrownBy(customerListLoader("all", { request, params: {}, context: {} }));
    expect(thrown.data.title).toBe("Access Denied");
  });
});
