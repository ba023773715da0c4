import { applyDeviceIntent, deviceIntent, deviceMeta, readDevicePicker } from "./device-picker";

function form(entries: [string, string][]) {
  const formData = new FormData();
  for (const [name, value] of entries) formData.append(name, value);
  return formData;
}

const battery = { inventoryId: "inv-b", serialNumber: "SN-1" };

describe("the Link Device(s) form state", () => {
  it("reads the chosen devices (each once, known ones only), the searches and the items being edited", () => {
    const state = readDevicePicker(
      form([
        ["deviceIds", "d1"],
        ["deviceIds", "d1"],
        ["deviceIds", "unknown"],
        ["ui.device.d1", deviceMeta(battery)],
        ["ui.search.inv-b", "  SN-2 "],
        ["ui.editing", "inv-b"],
        ["ui.editing", "inv-b"],
      ]),
    );
    expect(state).toEqual({
      chosen: [{ id: "d1", ...battery }],
      search: { "inv-b": "SN-2" },
      editing: ["inv-b"],
    });
  });

  it("links a device only while its item needs more, and unlinks it", () => {
    const formData = form([
      ["ui.device.d1", deviceMeta(battery)],
      ["ui.device.d2", deviceMeta({ inventoryId: "inv-b", serialNumber: "SN-2" })],
    ]);
    const empty = { chosen: [], search: {}, editing: [] };
    const one = applyDeviceIntent(empty, deviceIntent("link:d1"), formData, { "inv-b": 1 });
    expect(one.chosen).toEqual([{ id: "d1", ...battery }]);
    // The item is full: a second device is not taken, nor the same one twice.
    expect(applyDeviceIntent(one, deviceIntent("link:d2"), formData, { "inv-b": 1 })).toBe(one);
    expect(applyDeviceIntent(one, deviceIntent("link:d1"), formData, { "inv-b": 2 })).toBe(one);
    // A device the form does not describe is not taken.
    expect(applyDeviceIntent(empty, deviceIntent("link:d9"), formData, { "inv-b": 2 })).toBe(empty);
    expect(applyDeviceIntent(one, deviceIntent("unlink:d1"), formData, { "inv-b": 1 }).chosen).toEqual([]);
  });

  it("toggles an item's edit mode, and reads unknown buttons as a refresh", () => {
    const state = { chosen: [], search: {}, editing: [] };
    const editing = applyDeviceIntent(state, deviceIntent("edit:inv-b"), new FormData(), {});
    expect(editing.editing).toEqual(["inv-b"]);
    expect(applyDeviceIntent(editing, deviceIntent("edit:inv-b"), new FormData(), {}).editing).toEqual([]);
    expect(deviceIntent("save")).toEqual({ kind: "save" });
    expect(deviceIntent("refresh")).toEqual({ kind: "refresh" });
    expect(deviceIntent("link:")).toEqual({ kind: "refresh" });
    expect(deviceIntent("search:inv-b")).toEqual({ kind: "search", inventoryId: "inv-b" });
  });
});
