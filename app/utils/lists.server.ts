import { data, redirect } from "@remix-run/node";
import type { z } from "zod";
import { readListQuery } from "#backend/schemas/list";
import type { ApiCall } from "~/api.server";
import { apiRead } from "~/api.server";
import type { FailureDescription } from "./error-catalogue";

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
