import { Hono } from "hono";
import type { ApiEnv, RouteDeps } from "../http/env";
import { httpError } from "../http/errors";
import { createGuard } from "../http/guard";
import type { Operation } from "../http/operation";
import { ok } from "../http/operation";
import { z } from "zod";
import { CONTENT_TYPES } from "../schemas/files";
import { readStoredFile } from "../services/files";

export const fileOperations: Operation[] = [
  {
    method: "get",
    path: "/api/v1/files/{id}",
    tag: "Files",
    summary:
      "An uploaded image, with its real content type; SVGs are served sandboxed, so script in them never runs",
    access: "signed-in",
    success: { ...ok("The file's bytes", z.string()), contentType: "application/octet-stream" },
    errors: { 404: "File not found" },
  },
];

export function fileRoutes({ db, caches }: RouteDeps) {
  const guard = createGuard(db, caches.sessions);
  return new Hono<ApiEnv>().get("/:id", guard(), async (c) => {
    const file = await readStoredFile(db, c.req.param("id"));
    if (!file) throw httpError(404, "File not found");
    return new Response(new Blob([new Uint8Array(file.bytes)]), {
      headers: {
        "Content-Type": CONTENT_TYPES[file.kind],
        "Content-Length": String(file.size),
        "X-Content-Type-Options": "nosniff",
        // An SVG opened on its own is a document of this origin: no script, no plugins, no forms.
        "Content-Security-Policy":
          "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
        "Content-Disposition": "inline",
        // Files never change (a new upload is a new id), so the browser may keep them.
        "Cache-Control": "private, max-age=604800, immutable",
      },
    });
  });
}
