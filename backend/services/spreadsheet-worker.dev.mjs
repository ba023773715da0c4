// The parsing worker's entry when the backend runs from its TypeScript sources (vitest, tsx): loads
// spreadsheet-worker.ts through tsx's loader. Bundles start their own spreadsheet-worker.js instead.
import { tsImport } from "tsx/esm/api";

await tsImport("./spreadsheet-worker.ts", import.meta.url);
