export const listFailure = {
  customers: "Failed to fetch customers",
  products: "Failed to fetch products",
  productsOf: (category: string) => `Failed to fetch products list for ${category}`,
  inventoryOf: (category: string) => `Failed to fetch inventory list for "${category}".`,
} as const;
