import { z } from "zod";

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;

/**
 * Page and size of every list. Out-of-range values are refused with a 400 rather than clamped, so a
 * client learns about its mistake (page 0, limit 500); a page past the end simply answers no rows.
 */
export const PaginationSchema = z.object({
  page: z.coerce.number().int("page must be a whole number").min(1, "page must be 1 or more").default(1),
  limit: z.coerce
    .number()
    .int("limit must be a whole number")
    .min(1, "limit must be 1 or more")
    .max(MAX_PAGE_SIZE, `limit must be at most ${MAX_PAGE_SIZE}`)
    .default(DEFAULT_PAGE_SIZE),
  search: z.string().trim().max(100, "search is too long").optional(),
});
export type Pagination = z.infer<typeof PaginationSchema>;

export function totalPages(total: number, limit: number) {
  return limit > 0 ? Math.ceil(total / limit) : 0;
}
