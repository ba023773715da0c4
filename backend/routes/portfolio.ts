import { Hono } from "hono";
import { z } from "zod";
import { cachedJson } from "../http/cached-json";
import { csvResponse } from "../http/csv";
import type { ApiEnv, RouteDeps } from "../http/env";
import { createGuard } from "../http/guard";
import type { ListSource } from "../http/list-route";
import { listAnswer } from "../http/list-route";
import type { Operation } from "../http/operation";
import { ok } from "../http/operation";
import { readQuery } from "../http/validation";
import { lagosDate } from "../schemas/dates";
import {
  AccountExportQuerySchema,
  AccountListQuerySchema,
  AccountListSchema,
  PortfolioFiltersSchema,
  PortfolioOptionsSchema,
  PortfolioSummarySchema,
} from "../schemas/portfolio";
import type { AccountExportQuery, AccountList, AccountListQuery } from "../schemas/portfolio";
import { pageOf } from "../schemas/list";
import {
  ACCOUNT_EXPORT_HEADER,
  accountExportCells,
  countAccounts,
  listAccounts,
  portfolioOptions,
  portfolioSummary,
  readAccountsFrom,
} from "../services/portfolio";

export const portfolioOperations: Operation[] = [
  {
    method: "get",
    path: "/api/v1/portfolio",
    tag: "Portfolio",
    summary:
      "The loan book's figures (PAR, buckets, collection rate, first-payment default, default rate, vintage, sales and collections, agents) for the filters; money in naira",
    access: "read:Portfolio",
    query: PortfolioFiltersSchema,
    success: ok("The figures", PortfolioSummarySchema),
  },
  {
    method: "get",
    path: "/api/v1/portfolio/options",
    tag: "Portfolio",
    summary: "The agents, products and categories the book has accounts of, for the filters",
    access: "read:Portfolio",
    success: ok("The choices", PortfolioOptionsSchema),
  },
  {
    method: "get",
    path: "/api/v1/portfolio/accounts",
    tag: "Portfolio",
    summary:
      "The accounts behind a figure: `bucket`, `status`, `lateOver` (days) or `firstPaymentDefault` on top of the filters; sorted by days late (default) or arrears",
    access: "read:Portfolio",
    query: AccountListQuerySchema,
    success: ok("One page of accounts", AccountListSchema),
  },
  {
    method: "get",
    path: "/api/v1/portfolio/accounts/export",
    tag: "Portfolio",
    summary:
      "The accounts the filters select as a CSV file, streamed; cells that could run as formulas are neutralised",
    access: "read:Portfolio",
    query: AccountExportQuerySchema,
    success: { ...ok("The CSV file", z.string()), contentType: "text/csv" },
  },
];

const EXPORT_BATCH = 1_000;

export function portfolioRoutes({ db, caches }: RouteDeps) {
  const guard = createGuard(db, caches.sessions);
  const accountList: ListSource<AccountListQuery, AccountList> = {
    count: (query) => countAccounts(db, query),
    list: async (query, total) => pageOf("accounts", await listAccounts(db, query), await total(), query),
    // Every page of one filter set shares its count; pages are kept for the read cache's few seconds.
    cache: {
      area: "accounts",
      countKey: ({ page: _page, limit: _limit, ...filters }) =>
        `${lagosDate(new Date())}:${JSON.stringify(filters)}`,
      counts: caches.counts,
      pages: caches.accountPages,
    },
  };

  return new Hono<ApiEnv>()
    .get("/", guard("read:Portfolio"), async (c) => {
      const filters = readQuery(c, PortfolioFiltersSchema);
      const today = lagosDate(new Date());
      // The figures read the whole book: kept for a minute at most, emptied by any committed change.
      return cachedJson(
        c,
        await caches.portfolio.get(`${today}:${JSON.stringify(filters)}`, () =>
          portfolioSummary(db, filters, today),
        ),
      );
    })
    .get("/options", guard("read:Portfolio"), async (c) =>
      cachedJson(c, await caches.portfolioOptions.get("all", () => portfolioOptions(db))),
    )
    .get("/accounts", guard("read:Portfolio"), (c) =>
      listAnswer(c, readQuery(c, AccountListQuerySchema), accountList),
    )
    .get("/accounts/export", guard("read:Portfolio"), (c) => {
      const query = readQuery(c, AccountExportQuerySchema);
      return csvResponse(
        `accounts_export_${lagosDate(new Date())}.csv`,
        ACCOUNT_EXPORT_HEADER,
        exportRows(query),
      );
    });

  async function* exportRows(query: AccountExportQuery) {
    for (let offset = 0; ; offset += EXPORT_BATCH) {
      const batch = await readAccountsFrom(db, query, offset, EXPORT_BATCH);
      for (const account of batch) yield accountExportCells(account);
      if (batch.length < EXPORT_BATCH) return;
    }
  }
}
