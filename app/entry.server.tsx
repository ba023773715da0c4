import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { boot } from "./boot.server";
import { RowsMarkupContext } from "./components/data-table";
import { PublicEnvContext } from "./components/full-page-error";
import { appConfig } from "./config.server";
import { readLoaderDataHandoff } from "./utils/loader-data-handoff.server";
import { NonceContext } from "./utils/nonce";
import { renderCompleteDocument } from "./utils/render-document.server";
import { keptRowsMarkup } from "./utils/rows-markup.server";

await boot();

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  console.error(error);
};

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  // No route defers its data, so the document is complete once the loader data is read. It is rendered in
  // one synchronous pass and sent in one piece: React's streaming renderer took about a millisecond more on
  // a list page, which was a sixth of its server time (decision 025).
  await readLoaderDataHandoff(remixContext);
  const document = renderCompleteDocument(
    <NonceContext.Provider value={nonce ?? ""}>
      <PublicEnvContext.Provider value={{ supportEmail: appConfig().supportEmail }}>
        <RowsMarkupContext.Provider value={keptRowsMarkup}>
          <RemixServer context={remixContext} url={request.url} nonce={nonce} />
        </RowsMarkupContext.Provider>
      </PublicEnvContext.Provider>
    </NonceContext.Provider>,
  );
  responseHeaders.set("Content-Type", "text/html");
  return new Response(document, { headers: responseHeaders, status: responseStatusCode });
}
