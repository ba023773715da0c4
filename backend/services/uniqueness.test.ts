import { and, isNull } from "drizzle-orm";
import { users } from "../db/schema";
import { makeUser } from "../test/factories";
import { createTestBackend } from "../test/test-backend";
import type { TestBackend } from "../test/test-backend";
import { isTaken, otherThan, sameText } from "./uniqueness";

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
