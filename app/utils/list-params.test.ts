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

describe("listHref with the stock lists' filters", () => {
  it("keeps the warehouse and category a list is filtered by", () => {
    expect(listHref("/inventory/all/new", "?warehouseId=w1&inventoryCategoryId=c1&mode=x")).toBe(
      "/inventory/all/new?warehouseId=w1&inventoryCategoryId=c1",
    );
    expect(listHref("/products/all/new", "?categoryId=p1&page=2")).toBe(
      "/products/all/new?page=2&categoryId=p1",
    );
  });
});
