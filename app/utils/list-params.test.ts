import { listHref } from "./list-params";

describe("listHref", () => {
  it("keeps the list's page and search and drops panel parameters", () => {
    expect(listHref("/settings/users", "?page=2&search=ada&mode=edit&tab=activity")).toBe(
      "/settings/users?page=2&search=ada",
    );
  });
  it("adds or removes extra parameters", () => {
    expect(listHref("/settings/users/u1", "?search=ada", { mode: "edit" })).toBe(
      "/settings/users/u1?search=ada&mode=edit",
    );
    expect(listHref("/settings/users", "?page=3", { page: null })).toBe("/settings/users");
  });
});
