// Enum tuples live in backend/schemas, shared by the tables' CHECKs and the API's validation.
export * from "./tables/staff";
export * from "./tables/audit";
export * from "./tables/agents";
export * from "./tables/customers";
export * from "./tables/limits";
export * from "./tables/files";
export * from "./tables/warehouses";
export * from "./tables/inventory";
export * from "./tables/products";
export * from "./tables/devices";
export * from "./tables/tickets";
export * from "./tables/sales";
export * from "./tables/sale-uploads";
export * from "./tables/payments";
export * from "./tables/record-counts";
export * from "./tables/accounts";
export * from "./tables/collections";
