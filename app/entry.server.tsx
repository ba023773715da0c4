import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { log } from "#backend/log";
import { boot } from "./boot.server";
import { PublicEnvContext } from "./components/full-page-error";
import { appConfig } from "./config.server";
import { NonceContext } from "./utils/nonce";

await boot();

export const streamTimeout = 5_000;

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  log.error({ err: error }, `${request.method} ${new URL(request.url).pathname} failed`);
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce ?? ""}>
        <PublicEnvContext.Provider value={{ supportEmail: appConfig().supportEmail }}>
          <RemixServer context={remixContext} url={request.url} nonce={nonce} />
        </PublicEnvContext.Provider>
      </NonceContext.Provider>,
      {
        // React's own inline scripts (Suspense boundaries) run under the Content-Security-Policy too.
        nonce,
        // Waiting for the whole document, for browsers and bots alike: a browser without JavaScript needs
        // all of it, and no route defers data, so nothing arrives later anyway.
        onAllReady() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) log.error({ err: error }, "Rendering failed after the shell");
        },
      },
    );
    // Gives the loader data's stream (which uses `streamTimeout`) time to finish or reject first.
    setTimeout(abort, streamTimeout + 1_000);
  });
}
