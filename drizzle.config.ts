import { defineConfig } from "drizzle-kit";

// Only generates SQL from the schema; migrations are applied by the backend at start (backend/db/client.ts).
export default defineConfig({
  dialect: "postgresql",
  schema: "./backend/db/schema.ts",
  out: "./backend/db/migrations",
});
