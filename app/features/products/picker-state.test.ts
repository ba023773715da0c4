import { applyPickerIntent, pickerIntent, readPickerState } from "./picker-state";

function form(entries: [string, string][]) {
  const formData = new FormData();
  for (const [name, value] of entries) formData.append(name, value);
  return formData;
}

describe("the inventory picker's form state", () => {
  it("reads the picked rows in order with their names, and the picker's own fields", () => {
    const state = readPickerState(
      form([
        ["inventories[0].inventoryId", "a"],
        ["inventories[0].quantity", "2"],
        ["inventories[1].inventoryId", "b"],
        ["inventories[1].quantity", ""],
        ["inventories[2].inventoryId", "a"],
        ["ui.label.a", "Panel (PAN-1)"],
        ["ui.label.b", "Battery (BAT-1)"],
        ["ui.search", " panel "],
        ["ui.categoryId", "cat"],
        ["ui.page", "3"],
      ]),
    );
    expect(state).toEqual({
      picked: [
        { inventoryId: "a", quantity: "2", label: "Panel (PAN-1)" },
        { inventoryId: "b", quantity: "", label: "Battery (BAT-1)" },
      ],
      search: "panel",
      categoryId: "cat",
      page: 3,
    });
  });

  it("falls back to page 1 for a page that is not a whole number", () => {
    expect(readPickerState(form([["ui.page", "x"]])).page).toBe(1);
  });

  it("tells the picker's buttons apart", () => {
    expect(pickerIntent("add:abc")).toEqual({ kind: "add", inventoryId: "abc" });
    expect(pickerIntent("remove:abc")).toEqual({ kind: "remove", inventoryId: "abc" });
    expect(pickerIntent("search")).toEqual({ kind: "search" });
    expect(pickerIntent("page:2")).toEqual({ kind: "page", page: 2 });
    expect(pickerIntent("page:0")).toBeNull();
    expect(pickerIntent("create")).toBeNull();
    expect(pickerIntent("add:")).toBeNull();
  });

  it("adds an item once at quantity 1, removes it, and starts a search on page 1", () => {
    const start = { picked: [], search: "", categoryId: "", page: 2 };
    const label = (id: string) => `Item ${id}`;
    const added = applyPickerIntent(start, { kind: "add", inventoryId: "a" }, label);
    expect(added.picked).toEqual([{ inventoryId: "a", quantity: "1", label: "Item a" }]);
    expect(applyPickerIntent(added, { kind: "add", inventoryId: "a" }, label).picked).toHaveLength(1);
    expect(applyPickerIntent(added, { kind: "remove", inventoryId: "a" }, label).picked).toEqual([]);
    expect(applyPickerIntent(start, { kind: "search" }, label).page).toBe(1);
    expect(applyPickerIntent(start, { kind: "page", page: 4 }, label).page).toBe(4);
  });
});
