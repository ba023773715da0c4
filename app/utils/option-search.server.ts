import type { z } from "zod";
import type { ApiCall } from "~/api.server";
import { apiReadOrFailure } from "~/api.server";
import type { SearchableChoices } from "~/components/option-search";

const MAX_CHOICES = 100;
/** The API refuses a longer search, and the select would be left out: a longer one is cut instead. */
const MAX_SEARCH = 100;

/** Null when the role may not read them: the drawer then leaves the select out. */
export async function searchableOptions<Answer extends z.ZodType<{ total: number }>>(
  request: Request,
  list: {
    path: ApiCall["path"];
    answer: Answer;
    searchParam: string;
    filter?: ApiCall["query"];
    choices: (answer: z.output<Answer>) => { value: string; label: string }[];
  },
): Promise<SearchableChoices> {
  const search = new URL(request.url).searchParams.get(list.searchParam)?.trim().slice(0, MAX_SEARCH);
  const answer = await apiReadOrFailure(request, list.path, list.answer, {
    ...list.filter,
    limit: MAX_CHOICES,
    search,
  });
  if (!answer.ok) return null;
  return { options: list.choices(answer.data), total: answer.data.total };
}
