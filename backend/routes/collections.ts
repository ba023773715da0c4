import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv, RouteDeps } from "../http/env";
import { createGuard, signedInActor } from "../http/guard";
import type { ListSource } from "../http/list-route";
import { listAnswer } from "../http/list-route";
import { cachedJson } from "../http/cached-json";
import { lagosToday } from "../schemas/dates";
import type { Operation } from "../http/operation";
import { ok } from "../http/operation";
import { readJsonBody, readQuery } from "../http/validation";
import {
  AssignSchema,
  CollectionCaseSchema,
  CollectionCountsSchema,
  CollectionListQuerySchema,
  CollectionListSchema,
  CollectionOptionsSchema,
  ContactSchema,
  FollowUpSchema,
} from "../schemas/collections";
import type { CollectionList, CollectionListQuery } from "../schemas/collections";
import { pageOf } from "../schemas/list";
import {
  assignAccounts,
  collectionCase,
  collectionOptions,
  cachedLateCount,
  countWorklist,
  listWorklist,
  logContact,
  setFollowUp,
  worklistCounts,
} from "../services/collections";

export const collectionOperations: Operation[] = [
  {
    method: "get",
    path: "/api/v1/collections",
    tag: "Collections",
    summary:
      "The worklist: late and defaulted accounts, broken promises first, then by days late and arrears; `tab` is all, mine, due (follow-up today or earlier) or broken",
    access: "read:Collections",
    query: CollectionListQuerySchema,
    success: ok("One page of accounts", CollectionListSchema),
  },
  {
    method: "get",
    path: "/api/v1/collections/counts",
    tag: "Collections",
    summary: "The tabs' counts for the signed-in staff member, and the open promises due today",
    access: "read:Collections",
    success: ok("The counts", CollectionCountsSchema),
  },
  {
    method: "get",
    path: "/api/v1/collections/options",
    tag: "Collections",
    summary:
      "What the worklist's forms offer: the staff accounts can be assigned to (active, allowed to work collections) and the agents with late accounts",
    access: "read:Collections",
    success: ok("The choices", CollectionOptionsSchema),
  },
  {
    method: "post",
    path: "/api/v1/collections/assign",
    tag: "Collections",
    summary: "Give one account or many to a collector, or to nobody (`assignedTo` empty)",
    access: "write:Collections",
    body: AssignSchema,
    success: ok(
      "How many were assigned",
      z.object({ assigned: z.number(), assignedTo: z.string().nullable() }),
    ),
  },
  {
    method: "get",
    path: "/api/v1/collections/{saleId}",
    tag: "Collections",
    summary: "One account's collection case: its figures, collector, follow-up, promise and contact log",
    access: "read:Collections",
    success: ok("The case", CollectionCaseSchema),
    errors: { 404: "Account not found" },
  },
  {
    method: "post",
    path: "/api/v1/collections/{saleId}/contacts",
    tag: "Collections",
    summary:
      "Log a call, visit or SMS and its outcome; `PROMISED` needs `promiseAmount` (naira, at most the outstanding) and `promiseDate` (today to 90 days)",
    access: "write:Collections",
    body: ContactSchema,
    success: ok("The case after it", CollectionCaseSchema, 201),
    errors: { 404: "Account not found" },
  },
  {
    method: "put",
    path: "/api/v1/collections/{saleId}/follow-up",
    tag: "Collections",
    summary: "Set the day the account comes back in Due today, or clear it with an empty `followUpOn`",
    access: "write:Collections",
    body: FollowUpSchema,
    success: ok("The case after it", CollectionCaseSchema),
    errors: { 404: "Account not found" },
  },
];

export function collectionRoutes({ db, caches }: RouteDeps) {
  const guard = createGuard(db, caches.sessions);
  // Kept per caller ("mine" is theirs) and per Lagos day (follow-ups and promises fall due by the day) for
  // the read cache's few seconds; a contact logged anywhere empties it, so it shows at once (decision 042).
  const late = cachedLateCount(db, caches.counts);
  const worklist = (viewerId: string): ListSource<CollectionListQuery, CollectionList> => ({
    count: (query) => countWorklist(db, query, viewerId, lagosToday(), late),
    list: async (query, total) =>
      pageOf("accounts", await listWorklist(db, query, viewerId), await total(), query),
    cache: {
      area: `collections:${viewerId}`,
      countKey: ({ page: _page, limit: _limit, ...filters }) => `${lagosToday()}:${JSON.stringify(filters)}`,
      counts: caches.counts,
      pages: caches.worklistPages,
    },
  });

  return new Hono<ApiEnv>()
    .get("/", guard("read:Collections"), (c) =>
      listAnswer(c, readQuery(c, CollectionListQuerySchema), worklist(signedInActor(c).userId)),
    )
    .get("/counts", guard("read:Collections"), async (c) => {
      const viewerId = signedInActor(c).userId;
      return cachedJson(
        c,
        await caches.collectionCounts.get(`${viewerId}:${lagosToday()}`, () =>
          worklistCounts(db, viewerId, lagosToday(), late),
        ),
      );
    })
    .get("/options", guard("read:Collections"), async (c) =>
      cachedJson(c, await caches.collectionOptions.get("options", () => collectionOptions(db))),
    )
    .post("/assign", guard("write:Collections"), async (c) => {
      const input = await readJsonBody(c, AssignSchema);
      return c.json(await assignAccounts(db, signedInActor(c), input), 200);
    })
    .get("/:saleId", guard("read:Collections"), async (c) =>
      c.json(await collectionCase(db, c.req.param("saleId")), 200),
    )
    .post("/:saleId/contacts", guard("write:Collections"), async (c) => {
      const input = await readJsonBody(c, ContactSchema);
      return c.json(await logContact(db, signedInActor(c), c.req.param("saleId"), input), 201);
    })
    .put("/:saleId/follow-up", guard("write:Collections"), async (c) => {
      const input = await readJsonBody(c, FollowUpSchema);
      return c.json(await setFollowUp(db, signedInActor(c), c.req.param("saleId"), input), 200);
    });
}
