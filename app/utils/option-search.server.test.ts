import { beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";

const apiReadOrFailure = vi.fn();
vi.mock("~/api.server", () => ({
  apiReadOrFailure: (...args: unknown[]) => apiReadOrFailure(...args),
}));

const { searchableOptions } = await import("./option-search.server");

const PeopleSchema = z.object({
  people: z.array(z.object({ id: z.string(), name: z.string() })),
  total: z.number(),
});

const people = (url: string, filter?: Record<string, string>) =>
  searchableOptions(new Request(url), {
    path: "/v1/people",
    answer: PeopleSchema,
    searchParam: "personSearch",
    filter,
    choices: (list) => list.people.map((person) => ({ value: person.id, label: person.name })),
  });

describe("a searchable select's choices", () => {
  beforeEach(() => apiReadOrFailure.mockReset());

  it("are the API's matches for the select's own search, with how many there are in all", async () => {
    apiReadOrFailure.mockResolvedValue({
      ok: true,
      data: { people: [{ id: "p1", name: "Ada" }], total: 340 },
    });
    const choices = await people("http://app.test/new?personSearch=%20ada%20&search=other", {
      status: "active",
    });
    expect(apiReadOrFailure).toHaveBeenCalledWith(expect.any(Request), "/v1/people", PeopleSchema, {
      status: "active",
      limit: 100,
      search: "ada",
    });
    expect(choices).toEqual({ options: [{ value: "p1", label: "Ada" }], total: 340 });
  });

  it("cut a search longer than the API reads", async () => {
    apiReadOrFailure.mockResolvedValue({ ok: true, data: { people: [], total: 0 } });
    await people(`http://app.test/new?personSearch=${"a".repeat(150)}`);
    expect(apiReadOrFailure.mock.calls[0][3]).toMatchObject({ search: "a".repeat(100) });
  });

  it("are none when the role may not read them", async () => {
    apiReadOrFailure.mockResolvedValue({ ok: false, failure: { status: 403 } });
    expect(await people("http://app.test/new")).toBeNull();
  });
});
