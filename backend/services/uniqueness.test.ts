import { and, eq, isNull } from "drizzle-orm";
import { customers, users } from "../db/schema";
import { makeCustomer, makeUser } from "../test/factories";
import { createTestBackend } from "../test/test-backend";
import type { TestBackend } from "../test/test-backend";
import { isTaken, otherThan, sameText, takenAmong } from "./uniqueness";

let backend: TestBackend;
beforeAll(async () => {
  backend = await createTestBackend();
});
afterAll(() => backend.close());

describe("isTaken", () => {
  it("finds a value used by another record whatever its capitals, and not the record being edited", async () => {
    const ada = await makeUser(backend.db, { email: "Ada.Uniqueness@Example.test" });
    const emailTaken = (email: string, exceptId?: string) =>
      isTaken(
        backend.db,
        users,
        and(sameText(users.email, email), isNull(users.deletedAt), otherThan(users.id, exceptId)),
      );

    expect(await emailTaken("ada.uniqueness@example.test")).toBe(true);
    expect(await emailTaken("ADA.UNIQUENESS@EXAMPLE.TEST")).toBe(true);
    expect(await emailTaken("ada.uniqueness@example.test", ada.id)).toBe(false);
    expect(await emailTaken("bola.uniqueness@example.test")).toBe(false);

    const bola = await makeUser(backend.db, { email: "bola.uniqueness@example.test" });
    expect(await emailTaken("ada.uniqueness@example.test", bola.id)).toBe(true);
  });
});

describe("takenAmong", () => {
  it("names each field some live row uses, whether one row or several hold them", async () => {
    const holdsEmail = await makeCustomer(backend.db, { email: "among.one@example.test" });
    const holdsPhone = await makeCustomer(backend.db);
    const gone = await makeCustomer(backend.db, { email: "among.gone@example.test", deletedAt: new Date() });
    const taken = (email: string, phone: string) =>
      takenAmong(backend.db, customers, isNull(customers.deletedAt), {
        email: sameText(customers.email, email),
        phone: eq(customers.phone, phone),
      });

    expect(await taken("AMONG.ONE@example.test", holdsPhone.phone)).toEqual(["email", "phone"]);
    expect(await taken(holdsEmail.email, holdsEmail.phone)).toEqual(["email", "phone"]);
    expect(await taken(holdsEmail.email, "08120000001")).toEqual(["email"]);
    expect(await taken("among.nobody@example.test", holdsPhone.phone)).toEqual(["phone"]);
    expect(await taken(gone.email, gone.phone)).toEqual([]);
  });
});
