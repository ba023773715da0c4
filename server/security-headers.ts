import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";

/**
 * The Content-Security-Policy, one directive a line. Third parties are named one by one:
 * - Google Maps (maps.googleapis.com, *.gstatic.com): the address autocomplete loads the Places library
 *   when MAPS_API_KEY is set; it fetches more scripts, tiles and icons from those hosts.
 * - Flutterwave (checkout/api.flutterwave.com): online payment (ARCHITECTURE §3). form-action matters
 *   for it: a pay button that works without JavaScript posts here and is redirected to the hosted checkout.
 * - style-src keeps 'unsafe-inline': React `style` attributes and the Places widget's injected <style>
 *   elements carry no nonce, and an injected style cannot run code; scripts get no such allowance.
 */
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

/** The headers every answer carries. HSTS only over HTTPS: browsers ignore it on plain HTTP anyway. */
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

/**
 * Gives each request its nonce (res.locals.cspNonce, read by getLoadContext for the document render)
 * and sets the headers. req.secure believes X-Forwarded-Proto only when TRUST_PROXY says so.
 */
export function applySecurityHeaders(): RequestHandler {
  return (req, res, next) => {
    const nonce = createNonce();
    res.locals.cspNonce = nonce;
    res.set(securityHeaders({ nonce, https: req.secure }));
    next();
  };
}
