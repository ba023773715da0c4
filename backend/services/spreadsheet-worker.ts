import { parentPort } from "node:worker_threads";
import { readSpreadsheet } from "./spreadsheet-rows";
import type { SheetLayout, SpreadsheetKind } from "./spreadsheet-rows";

/**
 * The parsing worker's entry (spreadsheet-thread.ts starts it): reads one batch file at a time, off the
 * thread that serves requests. Bundled on its own beside each server bundle (package.json's build
 * scripts), since a worker starts from a file of its own.
 */
export interface ParseRequest {
  kind: SpreadsheetKind;
  bytes: Uint8Array;
  layout: SheetLayout;
}

parentPort?.on("message", async ({ kind, bytes, layout }: ParseRequest) => {
  parentPort?.postMessage(await readSpreadsheet(kind, bytes, layout));
});
