import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "#backend": fileURLToPath(new URL("./backend", import.meta.url)),
    },
  },
  test: {
    include: ["*.test.ts", "app/**/*.test.{ts,tsx}", "backend/**/*.test.ts", "server/**/*.test.ts"],
    environment: "node",
    globals: true,
    // PGlite opens a whole Postgres in-process; two cores cannot run many at once.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
