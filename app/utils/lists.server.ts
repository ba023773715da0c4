import { data, redirect } from "@remix-run/node";
import type { z } from "zod";
import { readListQuery } from "#backend/schemas/list";
import type { ApiCall } from "~/api.server";
import { apiRead } from "~/api.server";
import type { FailureDescription } from "./error-catalogue";

type ListAnswer = z.ZodType<{ totalPages: number }>;

/**
 * A list that could not be read says so in its own words; a refusal (Access Denied) and a sign-out keep
 * theirs.
 */
function withListMessage(error: unknown, message: string) {
  // What `throwFailure` throws: Remix's `data(description, init)`.
  const thrown = error as { type?: unknown; data?: FailureDescription; init?: ResponseInit | null };
  if (thrown?.type !== "DataWithResponseInit" || !thrown.data) return error;
  const description = thrown.data;
  if (description.kind === "forbidden" || description.kind === "unauthorized") return error;
  return data({ ...description, lines: [message] }, thrown.init ?? undefined);
}

/**
 * A list page's data (docs/decisions/009): the URL read with the area's query schema — the one its API
 * route validates with — where a bad value falls back to its default, then one API read. A page past
 * the end goes to the last page instead of showing an empty list.
 */
export async function loadList<Query extends z.AnyZodObject, Answer extends ListAnswer>(
  request: Request,
  options: {
    path: ApiCall["path"];
    query: Query;
    /**
     * The API's answer as the page reads it: a `pick` of the record schema with only the fields the rows
     * show, so zod checks and keeps nothing else. Every byte kept is also sent for hydration, and checking
     * fields nobody reads cost list pages time and garbage (decision 024).
     */
    answer: Answer;
    /** What the page itself fixes, whatever the URL says (a tab's filter). */
    fixed?: Record<string, string>;
    /** The list's own words when it cannot be read (spec 001 §8: 'Failed to fetch products'). */
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
