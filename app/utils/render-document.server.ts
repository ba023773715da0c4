import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";

/** How React marks a Suspense boundary it gave up on and left to the client (escaped text never holds it). */
const UNFINISHED_SUSPENSE_BOUNDARY = "<!--$!-->";

/**
 * The whole document in one synchronous pass (decision 025). Nothing may suspend: a page that left part of
 * itself to the browser would be missing that part for a browser without JavaScript, so it is refused.
 */
export function renderCompleteDocument(document: ReactElement): string {
  const html = renderToString(document);
  if (html.includes(UNFINISHED_SUSPENSE_BOUNDARY)) {
    throw new Error("A component suspended during the server render, which is not waited for (decision 025)");
  }
  return `<!DOCTYPE html>${html}`;
}
