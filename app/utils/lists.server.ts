import { data, redirect } from "@remix-run/node";
import type { z } from "zod";
import { readListQuery } from "#backend/schemas/list";
import type { PermissionName } from "#backend/schemas/permissions";
import type { ApiCall } from "~/api.server";
import { apiRead } from "~/api.server";
import type { FailureDescription } from "./error-catalogue";
import type { SectionKey } from "./navigation";
import { sectionTab } from "./navigation";
import type { SignedIn } from "./permissions";
import { canFlags } from "./permissions";

type ListAnswer = z.ZodType<{ totalPages: number }>;

function withListMessage(error: unknown, message: string) {
  // What `throwFailure` throws: Remix's `data(description, init)`.
  const thrown = error as { type?: unknown; data?: FailureDescription; init?: ResponseInit | null };
  if (thrown?.type !== "DataWithResponseInit" || !thrown.data) return error;
  const description = thrown.data;
  if (description.kind === "forbidden" || description.kind === "unauthorized") return error;
  return data({ ...description, lines: [message] }, thrown.init ?? undefined);
}

// A bad URL value falls back to its default; a page past the end goes to the last page.
export async function loadList<Query extends z.AnyZodObject, Answer extends ListAnswer>(
  request: Request,
  options: {
    path: ApiCall["path"];
    query: Query;
    /** A `pick` with only the fields the rows show: every byte kept is also sent for hydration. */
    answer: Answer;
    fixed?: Record<string, string>;
    failureMessage?: string;
  },
): Promise<{ query: z.output<Query>; list: z.output<Answer> }> {
  const url = new URL(request.url);
  const query = readListQuery(options.query, url.searchParams, options.fixed);
  const list = await apiRead(request, options.path, options.answer, query).catch((error: unknown) => {
    throw options.failureMessage ? withListMessage(error, options.failureMessage) : error;
  });
  if (query.page > 1 && query.page > list.totalPages) {
    const last = new URL(url);
    if (list.totalPages > 1) last.searchParams.set("page", String(list.totalPages));
    else last.searchParams.delete("page");
    throw redirect(`${last.pathname}${last.search}`);
  }
  return { query, list };
}

type ListRead<Query extends z.AnyZodObject, Answer extends ListAnswer> = Omit<
  Parameters<typeof loadList<Query, Answer>>[1],
  "fixed"
>;
type StatsRead<Stats extends z.ZodTypeAny> = {
  path: ApiCall["path"];
  answer: Stats;
  query?: ApiCall["query"];
};

type ListPageOptions<Query extends z.AnyZodObject, Answer extends ListAnswer, Flag extends string> = {
  section: SectionKey;
  tab: string;
  list: ListRead<Query, Answer>;
  can: Record<Flag, PermissionName>;
};

type ListPage<Query extends z.AnyZodObject, Answer extends ListAnswer, Stats, Flag extends string> = {
  title: string;
  tab: string;
  /** The area's stat cards (and a section's tab counts); null for an area without them. */
  stats: Stats;
  page: Awaited<ReturnType<typeof loadList<Query, Answer>>>;
  can: Record<Flag, boolean>;
};

/**
 * Every list route's data, one shape: the tab's title and filter (`SECTIONS`), the area's stats, one page
 * of the list (`loadList`) and what the role may do there; areas add their extras beside it.
 */
export async function loadListPage<
  Query extends z.AnyZodObject,
  Answer extends ListAnswer,
  Stats extends z.ZodTypeAny,
  Flag extends string,
>(
  request: Request,
  user: SignedIn,
  options: ListPageOptions<Query, Answer, Flag> & { stats: StatsRead<Stats> },
): Promise<ListPage<Query, Answer, z.output<Stats>, Flag>>;
export async function loadListPage<
  Query extends z.AnyZodObject,
  Answer extends ListAnswer,
  Flag extends string,
>(
  request: Request,
  user: SignedIn,
  options: ListPageOptions<Query, Answer, Flag>,
): Promise<ListPage<Query, Answer, null, Flag>>;
export async function loadListPage(
  request: Request,
  user: SignedIn,
  options: ListPageOptions<z.AnyZodObject, ListAnswer, string> & { stats?: StatsRead<z.ZodTypeAny> },
): Promise<ListPage<z.AnyZodObject, ListAnswer, unknown, string>> {
  const { title, filter } = sectionTab(options.section, options.tab);
  const { stats } = options;
  const [statsAnswer, page] = await Promise.all([
    stats ? apiRead(request, stats.path, stats.answer, stats.query) : null,
    loadList(request, { ...options.list, fixed: filter ?? {} }),
  ]);
  return { title, tab: options.tab, stats: statsAnswer, page, can: canFlags(user, options.can) };
}
