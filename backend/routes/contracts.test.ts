import { ContractDetailSchema, ContractListSchema } from "../schemas/contracts";
import {
  FORBIDDEN_BODY,
  UNAUTHORIZED_BODY,
  backendWithTeam,
  expectExactly,
  makeRole,
  signedInAs,
} from "../test/factories";
import {
  CONTRACT,
  GUARANTOR,
  IDENTIFICATION,
  NEXT_OF_KIN,
  RECIPIENT,
  instalmentSale,
  makeCustomer,
  makeSellableProduct,
  oneOffSale,
} from "../test/sale-factories";

// Issue 30: the reference's GET /contract and /contract/:id, mapped onto the contract taken with an
// instalment sale.
const { backend, team } = await backendWithTeam();
const get = (path: string, token = team.sales.token) => backend.request("GET", path, { token });
const post = (path: string, body: unknown) =>
  backend.request("POST", path, { token: team.sales.token, body });

const {
  product,
  battery,
  devices: units,
} = await makeSellableProduct(backend.db, { units: 3, price: 12_000 });
const customer = await makeCustomer(backend.db, { firstname: "Contracta", lastname: "Holder" });
const created = await post(
  "/api/v1/sales/create",
  instalmentSale(customer.id, product.id, [units[0].id], {
    installmentDuration: 4,
    installmentStartingPrice: 25,
  }),
);
expect(created.status).toBe(201);
const made = await created.json();
const cash = await (
  await post("/api/v1/sales/create", oneOffSale(customer.id, product.id, [units[1].id]))
).json();

describe("GET /api/v1/contract", () => {
  it("lists the contracts of instalment sales in the reference's shape, with their sale, items and products", async () => {
    const response = await get("/api/v1/contract");
    expect(response.status).toBe(200);
    const body = await response.json();
    expectExactly(ContractListSchema, body);
    expect(Object.keys(body)).toEqual(["contracts", "total", "page", "limit", "totalPages"]);
    expect(body).toMatchObject({ total: 1, page: 1, limit: 100, totalPages: 1 });
    const [contract] = body.contracts;
    expect(contract).toMatchObject({
      id: made.sale.id,
      initialAmountPaid: made.paymentData.amount,
      nextOfKinFullName: NEXT_OF_KIN.fullName,
      nextOfKinRelationship: NEXT_OF_KIN.relationship,
      nextOfKinPhoneNumber: NEXT_OF_KIN.phoneNumber,
      nextOfKinHomeAddress: "",
      nextOfKinEmail: null,
      nextOfKinDateOfBirth: `${NEXT_OF_KIN.dateOfBirth}T00:00:00.000Z`,
      guarantorFullName: GUARANTOR.fullName,
      guarantorHomeAddress: GUARANTOR.homeAddress,
      guarantorIdType: IDENTIFICATION.idType,
      guarantorIdNumber: IDENTIFICATION.idNumber,
      guarantorIdIssueDate: `${IDENTIFICATION.issueDate}T00:00:00.000Z`,
      idType: IDENTIFICATION.idType,
      idNumber: IDENTIFICATION.idNumber,
      issuingCountry: IDENTIFICATION.issuingCountry,
      expirationDate: `${IDENTIFICATION.expirationDate}T00:00:00.000Z`,
      fullNameAsOnID: IDENTIFICATION.fullNameAsOnID,
      addressAsOnID: null,
      signedAt: null,
    });
    // No BVN anywhere in the reference's contract.
    expect(JSON.stringify(body)).not.toContain(CONTRACT.bvn);
    expect(contract.sale).toHaveLength(1);
    const [sale] = contract.sale;
    expect(sale).toMatchObject({
      id: made.sale.id,
      status: "UNPAID",
      contractId: made.sale.id,
      totalPrice: made.sale.totalPrice,
      totalInstallmentDuration: 4,
      customer: { id: customer.id, firstname: "Contracta" },
    });
    expect(sale.saleItems).toHaveLength(1);
    expect(sale.saleItems[0]).toMatchObject({
      productId: product.id,
      paymentMode: "INSTALLMENT",
      installmentDuration: 4,
      installmentStartingPrice: 25,
      deviceIDs: [units[0].id],
      product: {
        id: product.id,
        name: product.name,
        currency: "NGN",
        paymentModes: "ONE_OFF,INSTALLMENT",
        inventories: [
          {
            productId: product.id,
            inventoryId: battery.id,
            quantity: 1,
            inventory: { id: battery.id, name: battery.name, status: "IN_STOCK" },
          },
        ],
      },
    });
    expect(JSON.stringify(body)).not.toContain(cash.sale.id);
  });

  it("pages, and refuses bad paging, other roles and no token", async () => {
    const paged = await (await get("/api/v1/contract?page=2&limit=1")).json();
    expect(paged).toEqual({ contracts: [], total: 1, page: 2, limit: 1, totalPages: 1 });
    for (const query of ["page=0", "limit=0", "limit=101", "page=x"]) {
      const bad = await get(`/api/v1/contract?${query}`);
      expect(bad.status, query).toBe(400);
      expect((await bad.json()).statusCode).toBe(400);
    }
    const outsider = await makeRole(backend.db, "inventory only", ["read:Inventory"]);
    const { token } = await signedInAs(backend, outsider.id);
    for (const path of ["/api/v1/contract", `/api/v1/contract/${made.sale.id}`]) {
      const refused = await get(path, token);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual(FORBIDDEN_BODY);
      const anonymous = await backend.request("GET", path);
      expect(anonymous.status).toBe(401);
      expect(await anonymous.json()).toEqual(UNAUTHORIZED_BODY);
    }
  });
});

describe("GET /api/v1/contract/{id}", () => {
  it("answers one contract by the contractId a sale carries, its items with their recipient", async () => {
    const items = await (await get(`/api/v1/sales?search=${customer.email}`)).json();
    const contractId = items.saleItems.find((row: { saleId: string }) => row.saleId === made.sale.id).sale
      .contractId;
    const response = await get(`/api/v1/contract/${contractId}`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expectExactly(ContractDetailSchema, body);
    expect(body.id).toBe(made.sale.id);
    expect(body.sale[0].saleItems[0].SaleRecipient).toMatchObject(RECIPIENT);
  });

  it("answers 404 for a sale without a contract, an unknown or malformed id, and 400 for a NUL byte", async () => {
    for (const id of [cash.sale.id, "no-such-contract", "x".repeat(500), "%E2%82%AC"]) {
      const missing = await get(`/api/v1/contract/${id}`);
      expect(missing.status, id).toBe(404);
      expect(await missing.json()).toEqual({
        statusCode: 404,
        message: "Contract not found",
        error: "Not Found",
      });
    }
    const nul = await get("/api/v1/contract/abc%00def");
    expect(nul.status).toBe(400);
    expect((await nul.json()).statusCode).toBe(400);
  });
});
