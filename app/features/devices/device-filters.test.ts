import {
  activeDeviceFilters,
  deviceCreationFailed,
  filterPanelHref,
  keptDeviceFilters,
} from "./device-filters";

describe("device list filters", () => {
  it("lists the filters a URL applies, each with a link that removes it and goes back to page 1", () => {
    const filters = activeDeviceFilters(
      "/devices/all",
      "?search=bd&serialNumber=BD00&hardwareModel=&inventoryId=item-1&page=3&panel=filters",
    );
    expect(filters).toEqual([
      {
        name: "serialNumber",
        label: "Serial Number",
        value: "BD00",
        removeHref: "/devices/all?search=bd&hardwareModel=&inventoryId=item-1",
      },
      {
        name: "inventoryId",
        label: "Inventory Item",
        value: "item-1",
        removeHref: "/devices/all?search=bd&serialNumber=BD00&hardwareModel=",
      },
    ]);
    expect(activeDeviceFilters("/devices/linked", "?search=bd")).toEqual([]);
  });

  it("keeps the panel's filters when the search box is used, never the key", () => {
    expect(keptDeviceFilters("?firmwareVersion=2.1&key=secret&search=x&startingCode=%20")).toEqual({
      firmwareVersion: "2.1",
    });
  });

  it("opens and closes the filter panel without touching the rest of the URL", () => {
    expect(filterPanelHref("/devices/all", "?search=bd", true)).toBe("/devices/all?search=bd&panel=filters");
    expect(filterPanelHref("/devices/all", "?panel=filters&search=bd", false)).toBe("/devices/all?search=bd");
    expect(filterPanelHref("/devices/all", "?panel=filters", false)).toBe("/devices/all");
  });
});

describe("deviceCreationFailed", () => {
  it("says the server's message in the spec's words, once ended", () => {
    expect(deviceCreationFailed("Inventory item not found")).toBe(
      "Device creation failed: Inventory item not found.",
    );
    expect(deviceCreationFailed("Something broke.")).toBe("Device creation failed: Something broke.");
    expect(deviceCreationFailed(undefined)).toBe("Device creation failed: Internal Server Error.");
  });
});
