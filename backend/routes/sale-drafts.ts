import type { Context } from "hono";
import { Hono } from "hono";
import type { ZodTypeAny, z } from "zod";
import type { ApiEnv, RouteDeps } from "../http/env";
import { createGuard, signedInActor } from "../http/guard";
import type { Operation } from "../http/operation";
import { paymentProviderName } from "../services/payment-providers";
import { ok } from "../http/operation";
import { readJsonBody } from "../http/validation";
import { MessageSchema } from "../schemas/errors";
import {
  DraftAddProductSchema,
  DraftAgentSchema,
  DraftBvnSchema,
  DraftCustomerSchema,
  DraftDevicesSchema,
  DraftGuarantorSchema,
  DraftIdentificationSchema,
  DraftMiscellaneousSchema,
  DraftNextOfKinSchema,
  DraftParametersSchema,
  DraftPaymentMethodSchema,
  DraftRecipientSchema,
  DraftUnitsSchema,
  SaleDraftListSchema,
  SaleDraftSchema,
} from "../schemas/sale-drafts";
import type { SaleDraftDocument } from "../schemas/sale-drafts";
import { CreatedSaleSchema } from "../schemas/sales";
import type { StaffActor } from "../services/audit";
import {
  changeDraft,
  createDraft,
  deleteDraft,
  draftChanges,
  getDraft,
  listDrafts,
  submitDraft,
} from "../services/sales";
import { cachedJson } from "../http/cached-json";

const base = "/api/v1/sales/drafts";
const item = `${base}/{id}/products/{productId}`;

function part(method: Operation["method"], path: string, summary: string, body?: ZodTypeAny): Operation {
  return {
    method,
    path,
    tag: "Sale drafts",
    summary,
    access: "write:Sales",
    ...(body ? { body } : {}),
    success: ok("The draft as it now stands", SaleDraftSchema, method === "post" ? 201 : 200),
    errors: { 404: "Draft (of the caller) or product in it not found" },
  };
}

export const saleDraftOperations: Operation[] = [
  {
    method: "get",
    path: base,
    tag: "Sale drafts",
    summary: "The caller's open drafts ('My drafts'), newest first; untouched for 14 days they expire",
    access: "write:Sales",
    success: ok("Drafts", SaleDraftListSchema),
  },
  { ...part("post", base, "Start a draft"), errors: {} },
  part(
    "get",
    `${base}/{id}`,
    "A draft with prices, device needs and what still stops it (`problems`, `ready`)",
  ),
  {
    method: "delete",
    path: `${base}/{id}`,
    tag: "Sale drafts",
    summary: "Throw a draft away",
    access: "write:Sales",
    success: ok("Deleted", MessageSchema),
    errors: { 404: "Draft not found" },
  },
  part("put", `${base}/{id}/customer`, "Select (or, with null, deselect) the customer", DraftCustomerSchema),
  part("put", `${base}/{id}/agent`, "Set (or clear) the selling agent", DraftAgentSchema),
  part(
    "post",
    `${base}/{id}/products`,
    "Add a product (its sale item is created; adding it again sets its units); units 1 … available",
    DraftAddProductSchema,
  ),
  part("patch", item, "Change a product's units (1 … available)", DraftUnitsSchema),
  part("delete", item, "Remove a product: its parameters, costs, devices and recipient go with it"),
  part(
    "put",
    `${item}/parameters`,
    "Payment mode, instalment duration and starting %, discount %; INSTALLMENT only when the product offers it " +
      "among more than one mode; a starting % above 100 resets to 0",
    DraftParametersSchema,
  ),
  part(
    "delete",
    `${item}/parameters`,
    "Clear parameters: back to ONE_OFF with 0 instalment values and discount",
  ),
  part("put", `${item}/miscellaneous`, "Miscellaneous costs (name, cost ≥ 0)", DraftMiscellaneousSchema),
  part("delete", `${item}/miscellaneous`, "Clear miscellaneous costs"),
  part(
    "put",
    `${item}/devices`,
    "Link devices: exactly units × quantity per unit of each tracked inventory item, none linked elsewhere",
    DraftDevicesSchema,
  ),
  part("delete", `${item}/devices`, "Unlink the item's devices"),
  part("put", `${item}/recipient`, "The item's recipient", DraftRecipientSchema),
  part("delete", `${item}/recipient`, "Clear the recipient"),
  part("put", `${base}/{id}/identification`, "Identification (instalment sales)", DraftIdentificationSchema),
  part("delete", `${base}/{id}/identification`, "Clear identification"),
  part("put", `${base}/{id}/next-of-kin`, "Next of kin (instalment sales)", DraftNextOfKinSchema),
  part("delete", `${base}/{id}/next-of-kin`, "Clear next of kin"),
  part(
    "put",
    `${base}/{id}/guarantor`,
    "Guarantor with identification (instalment sales)",
    DraftGuarantorSchema,
  ),
  part("delete", `${base}/{id}/guarantor`, "Clear the guarantor"),
  part("put", `${base}/{id}/bvn`, "BVN: exactly 11 digits", DraftBvnSchema),
  part("delete", `${base}/{id}/bvn`, "Clear the BVN"),
  part("put", `${base}/{id}/payment-method`, "ONLINE or CASH", DraftPaymentMethodSchema),
  {
    method: "post",
    path: `${base}/{id}/submit`,
    tag: "Sale drafts",
    summary: "Make the sale the draft describes (the rules of POST /v1/sales/create); the draft is then gone",
    access: "write:Sales",
    success: ok("The sale and its payment data", CreatedSaleSchema, 201),
    errors: { 404: "Draft not found" },
  },
];

type Change = (document: SaleDraftDocument) => Promise<SaleDraftDocument> | SaleDraftDocument;

export function saleDraftRoutes({ db, caches, config }: RouteDeps) {
  const guard = createGuard(db, caches.sessions);
  const writer = guard("write:Sales");

  const change =
    <Schema extends ZodTypeAny>(
      schema: Schema | null,
      apply: (c: Context<ApiEnv>, value: z.output<Schema>, document: SaleDraftDocument) => ReturnType<Change>,
    ) =>
    async (c: Context<ApiEnv>) => {
      const value = schema ? await readJsonBody(c, schema) : undefined;
      const actor: StaffActor = signedInActor(c);
      return c.json(
        await changeDraft(db, actor, c.req.param("id") ?? "", (document) => apply(c, value, document)),
        200,
      );
    };
  const product = (c: Context<ApiEnv>) => c.req.param("productId") ?? "";
  const keep = (field: "identification" | "nextOfKin" | "guarantor" | "bvn" | "paymentMethod") =>
    [
      <Schema extends ZodTypeAny>(schema: Schema, pick: (value: z.output<Schema>) => unknown) =>
        change(schema, (_c, value, document) => ({ ...document, [field]: pick(value) })),
      change(null, (_c, _value, document) => ({ ...document, [field]: null })),
    ] as const;
  const [setIdentification, clearIdentification] = keep("identification");
  const [setNextOfKin, clearNextOfKin] = keep("nextOfKin");
  const [setGuarantor, clearGuarantor] = keep("guarantor");
  const [setBvn, clearBvn] = keep("bvn");
  const [setPaymentMethod] = keep("paymentMethod");

  return new Hono<ApiEnv>()
    .get("/", writer, async (c) => {
      const actor = signedInActor(c);
      return cachedJson(c, await caches.saleDraftLists.get(actor.userId, () => listDrafts(db, actor)));
    })
    .post("/", writer, async (c) => c.json(await createDraft(db, signedInActor(c)), 201))
    .get("/:id", writer, async (c) => c.json(await getDraft(db, signedInActor(c), c.req.param("id")), 200))
    .delete("/:id", writer, async (c) => {
      await deleteDraft(db, signedInActor(c), c.req.param("id"));
      return c.json({ message: "Draft deleted" }, 200);
    })
    .put(
      "/:id/customer",
      writer,
      change(DraftCustomerSchema, (_c, value, document) =>
        draftChanges.customer(db, document, value.customerId),
      ),
    )
    .put(
      "/:id/agent",
      writer,
      change(DraftAgentSchema, (_c, value, document) => draftChanges.agent(db, document, value.agentId)),
    )
    .post("/:id/products", writer, async (c) => {
      const value = await readJsonBody(c, DraftAddProductSchema);
      const draft = await changeDraft(db, signedInActor(c), c.req.param("id"), (document) =>
        draftChanges.addProduct(db, document, value.productId, value.units),
      );
      return c.json(draft, 201);
    })
    .patch(
      "/:id/products/:productId",
      writer,
      change(DraftUnitsSchema, (c, value, document) =>
        draftChanges.units(db, document, product(c), value.units),
      ),
    )
    .delete(
      "/:id/products/:productId",
      writer,
      change(null, (c, _value, document) => draftChanges.removeProduct(document, product(c))),
    )
    .put(
      "/:id/products/:productId/parameters",
      writer,
      change(DraftParametersSchema, (c, value, document) =>
        draftChanges.parameters(db, document, product(c), value),
      ),
    )
    .delete(
      "/:id/products/:productId/parameters",
      writer,
      change(null, (c, _value, document) => draftChanges.clearParameters(document, product(c))),
    )
    .put(
      "/:id/products/:productId/miscellaneous",
      writer,
      change(DraftMiscellaneousSchema, (c, value, document) =>
        draftChanges.miscellaneous(document, product(c), value.costs),
      ),
    )
    .delete(
      "/:id/products/:productId/miscellaneous",
      writer,
      change(null, (c, _value, document) => draftChanges.clearMiscellaneous(document, product(c))),
    )
    .put(
      "/:id/products/:productId/devices",
      writer,
      change(DraftDevicesSchema, (c, value, document) =>
        draftChanges.devices(db, document, product(c), value.deviceIds),
      ),
    )
    .delete(
      "/:id/products/:productId/devices",
      writer,
      change(null, (c, _value, document) => draftChanges.clearDevices(document, product(c))),
    )
    .put(
      "/:id/products/:productId/recipient",
      writer,
      change(DraftRecipientSchema, (c, value, document) =>
        draftChanges.recipient(document, product(c), value),
      ),
    )
    .delete(
      "/:id/products/:productId/recipient",
      writer,
      change(null, (c, _value, document) => draftChanges.clearRecipient(document, product(c))),
    )
    .put(
      "/:id/identification",
      writer,
      setIdentification(DraftIdentificationSchema, (value) => value),
    )
    .delete("/:id/identification", writer, clearIdentification)
    .put(
      "/:id/next-of-kin",
      writer,
      setNextOfKin(DraftNextOfKinSchema, (value) => value),
    )
    .delete("/:id/next-of-kin", writer, clearNextOfKin)
    .put(
      "/:id/guarantor",
      writer,
      setGuarantor(DraftGuarantorSchema, (value) => value),
    )
    .delete("/:id/guarantor", writer, clearGuarantor)
    .put(
      "/:id/bvn",
      writer,
      setBvn(DraftBvnSchema, (value) => value.bvn),
    )
    .delete("/:id/bvn", writer, clearBvn)
    .put(
      "/:id/payment-method",
      writer,
      setPaymentMethod(DraftPaymentMethodSchema, (value) => value.paymentMethod),
    )
    .post("/:id/submit", writer, async (c) =>
      c.json(
        await submitDraft(db, signedInActor(c), c.req.param("id"), {
          provider: paymentProviderName(config),
          appUrl: config.appUrl,
        }),
        201,
      ),
    );
}
