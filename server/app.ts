import compression from "compression";
import type { ErrorRequestHandler, RequestHandler } from "express";
import express from "express";
import { UPLOAD_BODY_LIMIT_BYTES } from "#backend/schemas/files";
import { limitRequestBodies } from "./body-limit";
import { refuseCrossSiteWrites } from "./cross-site-guard";
import { rewriteForwardedHeaders } from "./forwarded-headers";
import { noStoreByDefault } from "./no-store";
import { applySecurityHeaders } from "./security-headers";
import type { ServerSettings } from "./settings";

export type ServerAppOptions = {
  settings: Pick<ServerSettings, "trustProxyHops" | "appOrigin" | "bodyLimitBytes">;
  remix: RequestHandler;
  assets: { urlPath: string; directory: string };
  publicDirectory: string;
};

const lastResort: ErrorRequestHandler = (error, _req, res, next) => {
  console.error(error);
  if (res.headersSent) return next(error);
  res.status(500).type("text/plain").send("Internal Server Error");
};

/** Order matters: headers on everything, static files before no-store, guard and body limit before Remix. */
export function createServerApp({ settings, remix, assets, publicDirectory }: ServerAppOptions) {
  const trustProxy = settings.trustProxyHops > 0;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", trustProxy ? settings.trustProxyHops : false);
  app.use(compression());
  app.use(applySecurityHeaders());
  app.use(rewriteForwardedHeaders({ trustProxy }));
  app.use(assets.urlPath, express.static(assets.directory, { immutable: true, maxAge: "1y" }));
  app.use(express.static(publicDirectory, { maxAge: "1h" }));
  app.use(noStoreByDefault());
  app.use(refuseCrossSiteWrites({ trustProxy, appOrigin: settings.appOrigin }));
  app.use(limitRequestBodies({ formBytes: settings.bodyLimitBytes, uploadBytes: UPLOAD_BODY_LIMIT_BYTES }));
  app.all("*", remix);
  app.use(lastResort);
  return app;
}
