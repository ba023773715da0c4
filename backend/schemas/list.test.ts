import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { PaginationSchema, booleanFilter, pageOf, readListQuery } from "./list";

const QuerySchema = PaginationSchema.extend({ status: z.enum(["active", "barred"]).optional() });

describe("readListQuery", () => {
  it("reads good values and drops bad ones to their defaults", () => {
    const params = new URLSearchParams("page=abc&limit=500&status=nope&search=ada");
    expect(readListQuery(QuerySchema, params)).toEqual({ page: 1, limit: 20, search: "ada" });
    expect(readListQuery(QuerySchema, new URLSearchParams("page=3&status=barred"))).toEqual({
      page: 3,
      limit: 20,
      status: "barred",
    });
  });

  it("ignores parameters the schema does not know and empty ones", () => {
    expect(
      readListQuery(QuerySchema, new URLSearchParams("panel=x&search=&page=99999999999999999999")),
    ).toEqual({ page: 1, limit: 20 });
  });

  it("keeps values the page fixes itself (a tab's filter)", () => {
    expect(
      readListQuery(QuerySchema, new URLSearchParams("status=active"), { status: "barred" }),
    ).toMatchObject({
      status: "barred",
    });
  });
});

describe("PaginationSchema (the API's strict reading)", () => {
  it("refuses a page too deep for the database", () => {
    const parsed = PaginationSchema.safeParse({ page: "99999999999999999999" });
    expect(parsed.success).toBe(false);
  });
});

describe("booleanFilter", () => {
  it("reads a yes/no filter's URL spellings and refuses any other in the filter's name", () => {
    const linked = booleanFilter("linked");
    expect(["true", "1", "false", "0"].map((value) => linked.parse(value))).toEqual([
      true,
      true,
      false,
      false,
    ]);
    const refused = linked.safeParse("yes");
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0].message).toBe("linked must be true or false");
  });
});

describe("pageOf", () => {
  it("shapes a page with its totals", () => {
    expect(pageOf("things", [1, 2], 41, { page: 2, limit: 20 })).toEqual({
      things: [1, 2],
      total: 41,
      page: 2,
      limit: 20,
      totalPages: 3,
    });
  });

  // A page shaped by hand drifts from the others (a renamed key, a forgotten totalPages) unnoticed.
  it("is how every service shapes its pages", async () => {
    const servicesDir = path.resolve("backend/services");
    const files = (await readdir(servicesDir)).filter(
      (file) => file.endsWith(".ts") && !file.includes(".test."),
    );
    const handMade: string[] = [];
    for (const file of files) {
      const source = await readFile(path.join(servicesDir, file), "utf8");
      if (/\btotalPages\(/.test(source)) handMade.push(file);
    }
    expect(handMade).toEqual([]);
  });
});
