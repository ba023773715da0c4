import compression from "compression";
import type { ErrorRequestHandler, RequestHandler } from "express";
import express from "express";
import { log, logRequest, requestContext, requestIdFrom } from "#backend/log";
import { UPLOAD_BODY_LIMIT_BYTES } from "#backend/schemas/files";
import { limitRequestBodies } from "./body-limit";
import { refuseCrossSiteWrites } from "./cross-site-guard";
import { rewriteForwardedHeaders } from "./forwarded-headers";
import { noStoreByDefault } from "./no-store";
import { applySecurityHeaders } from "./security-headers";
import type { ServerSettings } from "./settings";
import { recordRequest, routeOf } from "#backend/metrics";

export type ServerAppOptions = {
  settings: Pick<ServerSettings, "trustProxyHops" | "appOrigin" | "bodyLimitBytes">;
  remix: RequestHandler;
  /** Fingerprinted files (Vite's `assets/` folder), cached for a year. */
  assets: { urlPath: string; directory: string };
  /** The rest of the client build (a copy of `public/`), cached for an hour. */
  publicDirectory: string;
  /** In development, Vite's dev server answers for the browser's modules instead of the two folders. */
  devMiddleware?: RequestHandler;
  /** True once a stop signal came: /readyz answers 503 from then on. */
  draining?: () => boolean;
};

const lastResort: ErrorRequestHandler = (error, req, res, next) => {
  log.error({ err: error }, `${req.method} ${req.path} failed`);
  if (res.headersSent) return next(error);
  res.status(500).type("text/plain").send("Internal Server Error");
};

/** Order matters: headers on everything, static files before no-store, guard and body limit before Remix. */
export function createServerApp({
  settings,
  remix,
  assets,
  publicDirectory,
  devMiddleware,
  draining = () => false,
}: ServerAppOptions) {
  const trustProxy = settings.trustProxyHops > 0;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", trustProxy ? settings.trustProxyHops : false);
  // Every request gets an id (a trusted proxy's, or a new one), answered in X-Request-Id and carried by every
  // log line written while it runs, the in-process API's included; its own line is written when it ends.
  app.use((req, res, next) => {
    const context = { id: requestIdFrom(trustProxy ? req.get("x-request-id") : undefined) };
    const started = performance.now();
    res.setHeader("X-Request-Id", context.id);
    res.on("finish", () => {
      const durationMs = performance.now() - started;
      recordRequest(req.method, routeOf(req.path), res.statusCode, durationMs / 1000);
      requestContext.run(context, () =>
        logRequest({ method: req.method, path: req.path, status: res.statusCode, durationMs }),
      );
    });
    requestContext.run(context, next);
  });
  // Probes answer before anything else: /livez that the process serves at all (the container's health
  // check), /readyz 503 while stopping; otherwise the Remix route asks the backend's database.
  app.get("/livez", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });
  app.get("/readyz", (_req, res, next) => {
    if (!draining()) return next();
    res
      .set("Cache-Control", "no-store")
      .status(503)
      .json({ statusCode: 503, message: "Stopping", error: "Service Unavailable" });
  });
  app.use(compression());
  app.use(applySecurityHeaders());
  app.use(rewriteForwardedHeaders({ trustProxy }));
  if (devMiddleware) app.use(devMiddleware);
  else {
    app.use(assets.urlPath, express.static(assets.directory, { immutable: true, maxAge: "1y" }));
    app.use(express.static(publicDirectory, { maxAge: "1h" }));
  }
  app.use(noStoreByDefault());
  app.use(refuseCrossSiteWrites({ trustProxy, appOrigin: settings.appOrigin }));
  app.use(limitRequestBodies({ formBytes: settings.bodyLimitBytes, uploadBytes: UPLOAD_BODY_LIMIT_BYTES }));
  app.all("*", remix);
  app.use(lastResort);
  return app;
}
