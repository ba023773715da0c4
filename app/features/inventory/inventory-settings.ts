/** The Inventory Settings screen: its forms post back to it. */
export const INVENTORY_SETTINGS_PAGE = "/settings/inventory-settings";
