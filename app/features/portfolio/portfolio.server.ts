import type { LoaderFunctionArgs } from "@remix-run/node";
import { readListQuery } from "#backend/schemas/list";
import {
  AccountExportQuerySchema,
  AccountListQuerySchema,
  AccountListSchema,
  PortfolioFiltersSchema,
  PortfolioOptionsSchema,
  PortfolioSummarySchema,
} from "#backend/schemas/portfolio";
import { apiRead } from "~/api.server";
import { requireUser } from "~/session.server";
import { downloadCsv } from "~/utils/downloads.server";
import { loadList } from "~/utils/lists.server";

// The loan book's pages (issue 26). The API refuses anyone without read:Portfolio, which the pages show
// as Access Denied; a filter in the URL that makes no sense is dropped, as on every list.

export async function portfolioLoader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const params = new URL(request.url).searchParams;
  const filters = readListQuery(PortfolioFiltersSchema, params);
  const [summary, options] = await Promise.all([
    apiRead(request, "/v1/portfolio", PortfolioSummarySchema, filters),
    apiRead(request, "/v1/portfolio/options", PortfolioOptionsSchema),
  ]);
  // How the sales and collections charts group: by month unless the page asks for weeks. Only that
  // series goes to the page.
  const salesBy: "month" | "week" = params.get("salesBy") === "week" ? "week" : "month";
  const { sales, collections, weeklySales, weeklyCollections, vintage, ...figures } = summary;
  const overTime =
    salesBy === "week"
      ? {
          sales: weeklySales.map(({ week, ...row }) => ({ period: week, ...row })),
          collections: weeklyCollections.map(({ week, ...row }) => ({ period: week, ...row })),
        }
      : {
          sales: sales.map(({ month, ...row }) => ({ period: month, ...row })),
          collections: collections.map(({ month, ...row }) => ({ period: month, ...row })),
        };
  // The vintage chart draws each cohort's ratio; the sums behind it are the API's to give.
  const vintageRatios = vintage.map(({ cohort, points }) => ({
    cohort,
    points: points.map(({ month, ratio }) => ({ month, ratio })),
  }));
  return { filters, summary: figures, vintage: vintageRatios, overTime, options, salesBy };
}

export async function accountListLoader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const [page, options] = await Promise.all([
    loadList(request, {
      path: "/v1/portfolio/accounts",
      query: AccountListQuerySchema,
      answer: AccountListSchema,
      failureMessage: "The accounts could not be read",
    }),
    apiRead(request, "/v1/portfolio/options", PortfolioOptionsSchema),
  ]);
  return { page, options };
}

export async function accountExportLoader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const query = readListQuery(AccountExportQuerySchema, new URL(request.url).searchParams);
  return downloadCsv(request, {
    path: "/v1/portfolio/accounts/export",
    query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, value?.toString()])),
    back: "/portfolio/accounts",
  });
}
