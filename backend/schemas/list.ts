import { z } from "zod";

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;
/** Deeper than any real list; keeps `(page - 1) × limit` a number the database accepts. */
export const MAX_PAGE = 1_000_000;

// The API refuses out-of-range values with a 400 rather than clamping, so a client learns of its mistake;
// the web app reads the same schema leniently (`readListQuery`).
export const PaginationSchema = z.object({
  page: z.coerce
    .number({ invalid_type_error: "page must be a number" })
    .int("page must be a whole number")
    .min(1, "page must be 1 or more")
    .max(MAX_PAGE, `page must be at most ${MAX_PAGE}`)
    .default(1),
  limit: z.coerce
    .number({ invalid_type_error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be 1 or more")
    .max(MAX_PAGE_SIZE, `limit must be at most ${MAX_PAGE_SIZE}`)
    .default(DEFAULT_PAGE_SIZE),
  search: z.string().trim().max(100, "search is too long").optional(),
});
export type Pagination = z.infer<typeof PaginationSchema>;

export const BOOLEAN_FILTER_VALUES = ["true", "1", "false", "0"] as const;

export function booleanFilter(name: string) {
  return z
    .enum(BOOLEAN_FILTER_VALUES, { errorMap: () => ({ message: `${name} must be true or false` }) })
    .transform((value) => value === "true" || value === "1");
}

export function totalPages(total: number, limit: number) {
  return limit > 0 ? Math.ceil(total / limit) : 0;
}

export function listSchema<Key extends string, Item extends z.ZodTypeAny>(key: Key, item: Item) {
  return z.object({
    [key]: z.array(item),
    total: z.number(),
    page: z.number(),
    limit: z.number(),
    totalPages: z.number(),
  } as { [K in Key]: z.ZodArray<Item> } & {
    total: z.ZodNumber;
    page: z.ZodNumber;
    limit: z.ZodNumber;
    totalPages: z.ZodNumber;
  });
}

export type Page<Key extends string, Item> = { [K in Key]: Item[] } & {
  total: number;
  page: number;
  limit: number;
  totalPages: number;
};

export function pageOf<Key extends string, Item>(
  key: Key,
  items: Item[],
  total: number,
  query: { page: number; limit: number },
): Page<Key, Item> {
  return {
    [key]: items,
    total,
    page: query.page,
    limit: query.limit,
    totalPages: totalPages(total, query.limit),
  } as Page<Key, Item>;
}

// A person's URL is read forgivingly: refused values fall back to their defaults; empty ones count as absent.
export function readListQuery<Schema extends z.AnyZodObject>(
  schema: Schema,
  params: URLSearchParams,
  fixed: Record<string, string> = {},
): z.output<Schema> {
  const values: Record<string, string> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = params.get(key);
    // U+0000 can never be part of a real value (PostgreSQL refuses it): dropped like any bad value.
    if (value !== null && value.trim() !== "" && !value.includes("\u0000")) values[key] = value;
  }
  Object.assign(values, fixed);
  for (;;) {
    const parsed = schema.safeParse(values);
    if (parsed.success) return parsed.data;
    const refused = new Set(parsed.error.issues.map((issue) => String(issue.path[0] ?? "")));
    const removable = [...refused].filter((key) => key in values && !(key in fixed));
    // Nothing left to drop means the fixed values or the schema itself are wrong: a programming error.
    if (removable.length === 0) throw parsed.error;
    for (const key of removable) delete values[key];
  }
}
