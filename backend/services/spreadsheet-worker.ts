import { parentPort } from "node:worker_threads";
import { readSpreadsheet } from "./spreadsheet-rows";
import type { SheetLayout, SpreadsheetKind } from "./spreadsheet-rows";

// Bundled on its own beside each server bundle (package.json's build scripts): a worker starts from a file.
export interface ParseRequest {
  kind: SpreadsheetKind;
  bytes: Uint8Array;
  layout: SheetLayout;
}

parentPort?.on("message", async ({ kind, bytes, layout }: ParseRequest) => {
  parentPort?.postMessage(await readSpreadsheet(kind, bytes, layout));
});
