import { Writable } from "node:stream";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { boot } from "./boot.server";
import { PublicEnvContext } from "./components/full-page-error";
import { appConfig } from "./config.server";
import { NonceContext } from "./utils/nonce";

await boot();

const ABORT_DELAY = 5_000;

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  console.error(error);
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  return new Promise((resolve, reject) => {
    let rendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce ?? ""}>
        <PublicEnvContext.Provider value={{ supportEmail: appConfig().supportEmail }}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </PublicEnvContext.Provider>
      </NonceContext.Provider>,
      {
        // React's own inline scripts (streamed Suspense boundaries) need it too.
        nonce,
        // No route defers its data, so the whole document is ready as soon as the shell is. It is sent
        // in one piece: streaming it chunk by chunk through a web stream cost more than the render of a
        // list page's rows in a server profile.
        onAllReady() {
          rendered = true;
          responseHeaders.set("Content-Type", "text/html");
          wholeDocument(pipe).then((html) => {
            clearTimeout(abortTimer);
            resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
          }, reject);
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (rendered) console.error(error);
        },
      },
    );
    const abortTimer = setTimeout(abort, ABORT_DELAY);
  });
}

/** What React writes into `pipe`, collected into one buffer. */
function wholeDocument(pipe: (destination: Writable) => void): Promise<Uint8Array<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        resolve(new Uint8Array(Buffer.concat(chunks)));
        done();
      },
    });
    sink.on("error", reject);
    pipe(sink);
  });
}
