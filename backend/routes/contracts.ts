import { Hono } from "hono";
import type { ApiEnv, RouteDeps } from "../http/env";
import { createGuard } from "../http/guard";
import type { ListSource } from "../http/list-route";
import { listAnswer } from "../http/list-route";
import type { Operation } from "../http/operation";
import { ok } from "../http/operation";
import { readQuery } from "../http/validation";
import { ContractDetailSchema, ContractListQuerySchema, ContractListSchema } from "../schemas/contracts";
import type { ContractList, ContractListQuery } from "../schemas/contracts";
import { CONTRACT_NOT_FOUND, countContracts, getContract, listContracts } from "../services/contracts";

// The reference's /contract routes. A contract here is the one taken with an instalment sale (its
// identification, next of kin and guarantor); sales uploaded from a file carry none and are not listed
// (their accounts are under /api/v1/portfolio/accounts). The same details show on GET /api/v1/sales/{id}.
export const contractOperations: Operation[] = [
  {
    method: "get",
    path: "/api/v1/contract",
    tag: "Contracts",
    summary:
      "The reference's contracts, oldest first (100 a page unless `limit` says otherwise): each the " +
      "agreement an instalment sale was made on, with its `sale` (one), the sale's customer and its items " +
      "with their product and the product's items. Amounts in naira; no BVN",
    access: "read:Sales",
    query: ContractListQuerySchema,
    success: ok("One page of contracts under `contracts`", ContractListSchema),
  },
  {
    method: "get",
    path: "/api/v1/contract/{id}",
    tag: "Contracts",
    summary:
      "One contract, by its id (its sale's id, as `contractId` on the sale gives it); the sale's items carry " +
      "their `SaleRecipient` too",
    access: "read:Sales",
    success: ok("The contract", ContractDetailSchema),
    errors: { 404: CONTRACT_NOT_FOUND },
  },
];

export function contractRoutes({ db, caches }: RouteDeps) {
  const guard = createGuard(db, caches.sessions);
  const contractList: ListSource<ContractListQuery, ContractList> = {
    count: () => countContracts(db),
    list: (query, total) => listContracts(db, query, total),
  };
  return new Hono<ApiEnv>()
    .get("/", guard("read:Sales"), (c) => listAnswer(c, readQuery(c, ContractListQuerySchema), contractList))
    .get("/:id", guard("read:Sales"), async (c) => c.json(await getContract(db, c.req.param("id")), 200));
}
