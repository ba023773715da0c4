import type { Request, RequestHandler, Response } from "express";
import { errorBody } from "#backend/http/errors";
import { BODY_TOO_LARGE } from "#backend/http/validation";
import { MESSAGES } from "~/utils/error-catalogue";
import { isDataRequest } from "./cross-site-guard";
import { log } from "#backend/log";

export const REQUEST_TOO_LARGE_PATH = "/request-too-large";

export type BodyLimits = {
  formBytes: number;
  uploadBytes: number;
};

const DISCARD_MS = 1_000;

const isApiPath = (path: string) => path === "/api" || path.startsWith("/api/");

// A chunked body declares no size, so it is counted; unshift() can give the bytes back only until 'end'.
function readChunkedWithin(req: Request, limit: number): Promise<"fits" | "too-large" | "gone"> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = (outcome: "fits" | "too-large" | "gone") => {
      req.off("readable", onReadable);
      req.off("close", onGone);
      req.off("error", onGone);
      resolve(outcome);
    };
    const onGone = () => settle("gone");
    const onReadable = () => {
      for (let chunk: Buffer | null = req.read(); chunk !== null; chunk = req.read()) {
        size += chunk.length;
        if (size > limit) return settle("too-large");
        chunks.push(chunk);
      }
      if (req.complete) {
        if (size > 0) req.unshift(Buffer.concat(chunks));
        settle("fits");
      }
    };
    req.on("readable", onReadable);
    req.on("close", onGone);
    req.on("error", onGone);
  });
}

// Closing a connection with unread bytes makes the kernel reset it, and the client may lose the answer.
function discardBriefly(req: Request): Promise<boolean> {
  return new Promise((resolve) => {
    const settle = (present: boolean) => {
      clearTimeout(timer);
      req.off("end", onEnd);
      req.off("close", onGone);
      req.off("error", onGone);
      resolve(present);
    };
    const onEnd = () => settle(true);
    const onGone = () => settle(req.readableEnded);
    const timer = setTimeout(() => settle(true), DISCARD_MS);
    req.on("end", onEnd);
    req.on("close", onGone);
    req.on("error", onGone);
    req.resume();
  });
}

function refuse(req: Request, res: Response): boolean {
  res.set("Connection", "close");
  if (isApiPath(req.path)) {
    res.status(400).json(errorBody(400, BODY_TOO_LARGE));
    return false;
  }
  if (isDataRequest(req)) {
    res.status(413).json({
      statusCode: 413,
      message: [...MESSAGES.tooLargeLines],
      error: "Payload Too Large",
    });
    return false;
  }
  req.method = "GET";
  req.url = REQUEST_TOO_LARGE_PATH;
  req.originalUrl = REQUEST_TOO_LARGE_PATH;
  for (const name of ["content-type", "content-length", "transfer-encoding"]) delete req.headers[name];
  return true;
}

// Runs before Remix or the API reads a body: either would parse a large urlencoded post whole into memory.
export function limitRequestBodies(limits: BodyLimits): RequestHandler {
  return (req, res, next) => {
    const chunked = req.headers["transfer-encoding"] !== undefined;
    const declared = req.headers["content-length"];
    if (!chunked && declared === undefined) return next();
    const multipart = /^multipart\/form-data/i.test(req.get("content-type") ?? "");
    const limit = multipart ? limits.uploadBytes : limits.formBytes;
    if (!chunked && Number(declared) <= limit) return next();
    const read = chunked ? readChunkedWithin(req, limit) : Promise.resolve("too-large" as const);
    void read.then(async (outcome) => {
      if (outcome === "fits") return next();
      if (outcome === "gone") return;
      log.warn(`Refused a ${req.method} ${req.path}: body over ${limit} bytes`);
      if ((await discardBriefly(req)) && refuse(req, res)) next();
    });
  };
}
