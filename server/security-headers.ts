import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";

// Third parties: docs/decisions/010. 'unsafe-inline': React `style` attributes and Places carry no nonce.
export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' https://maps.googleapis.com https://checkout.flutterwave.com`,
    "style-src 'self' 'unsafe-inline' https://fonts.googleapis.com",
    "img-src 'self' data: blob: https://*.googleapis.com https://*.gstatic.com",
    "font-src 'self' https://fonts.gstatic.com",
    "connect-src 'self' https://*.googleapis.com https://api.flutterwave.com",
    "frame-src 'self' https://checkout.flutterwave.com",
    "form-action 'self' https://checkout.flutterwave.com",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
  ].join("; ");
}

export function securityHeaders({ nonce, https }: { nonce: string; https: boolean }): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(nonce),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    ...(https ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

export function applySecurityHeaders(): RequestHandler {
  return (req, res, next) => {
    const nonce = createNonce();
    res.locals.cspNonce = nonce;
    res.set(securityHeaders({ nonce, https: req.secure }));
    next();
  };
}
