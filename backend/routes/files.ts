import { Hono } from "hono";
import type { ApiEnv, RouteDeps } from "../http/env";
import { httpError } from "../http/errors";
import { createGuard } from "../http/guard";
import type { Operation } from "../http/operation";
import { ok } from "../http/operation";
import { z } from "zod";
import { CONTENT_TYPES, IMAGE_KINDS } from "../schemas/files";
import type { FileKind, ImageKind } from "../schemas/files";
import { readStoredFile } from "../services/files";

export const fileOperations: Operation[] = [
  {
    method: "get",
    path: "/api/v1/files/{id}",
    tag: "Files",
    summary:
      "An uploaded file (image or data file), with its real content type; SVGs are served sandboxed, so " +
      "script in them never runs",
    access: "signed-in",
    success: { ...ok("The file's bytes", z.string()), contentType: "application/octet-stream" },
    errors: { 404: "File not found" },
  },
  {
    method: "get",
    path: "/api/v1/files/images/{id}",
    tag: "Files",
    summary:
      "An uploaded image (product, inventory item, warehouse) for an `<img>`, without a token: its id is " +
      "random and unguessable. Any other kind of file answers 404 here",
    access: "public",
    success: { ...ok("The image's bytes", z.string()), contentType: "image/png" },
    errors: { 404: "No image with this id" },
  },
];

const isImage = (kind: FileKind): kind is ImageKind => (IMAGE_KINDS as readonly FileKind[]).includes(kind);

function fileResponse(file: { kind: FileKind; bytes: Uint8Array; size: number }, cache: string) {
  return new Response(new Blob([new Uint8Array(file.bytes)]), {
    headers: {
      "Content-Type": CONTENT_TYPES[file.kind],
      "Content-Length": String(file.size),
      "X-Content-Type-Options": "nosniff",
      // An SVG opened on its own is a document of this origin: no script, no plugins, no forms.
      "Content-Security-Policy":
        "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
      "Content-Disposition": "inline",
      "Cache-Control": cache,
    },
  });
}

export function fileRoutes({ db, caches }: RouteDeps) {
  const guard = createGuard(db, caches.sessions);
  return (
    new Hono<ApiEnv>()
      // Public (decision 045): an image's URL is its capability, as on the existing backend's image host.
      .get("/images/:id", async (c) => {
        const file = await readStoredFile(db, c.req.param("id"));
        if (!file || !isImage(file.kind)) throw httpError(404, "File not found");
        // Files never change (a new upload is a new id), so any cache may keep them.
        return fileResponse(file, "public, max-age=604800, immutable");
      })
      .get("/:id", guard(), async (c) => {
        const file = await readStoredFile(db, c.req.param("id"));
        if (!file) throw httpError(404, "File not found");
        return fileResponse(file, "private, max-age=604800, immutable");
      })
  );
}
