// The session cookie does not prove a post is ours: a sibling subdomain is "same site" for SameSite=Lax.

export type OriginDecision =
  { allowed: true; by: "same-host" | "app-url" | "no-header" } | { allowed: false; reason: string };

export type OriginEvidence = {
  origin: string | undefined;
  referer: string | undefined;
  host: string | undefined;
  appOrigin: string | undefined;
};

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** /api/* authenticates with a bearer token, which a foreign page cannot make a browser send. */
export function needsOriginCheck(method: string, path: string): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  return path !== "/api" && !path.startsWith("/api/");
}

function parseUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** Host header vs URL.host: default ports ("example.com:443" over https) must not make them differ. */
function sameHost(url: URL, host: string): boolean {
  const addressed = parseUrl(`${url.protocol}//${host}`);
  return addressed !== null && addressed.host === url.host;
}

export function checkOrigin({ origin, referer, host, appOrigin }: OriginEvidence): OriginDecision {
  // Browsers send Origin or Referer cross-site; with neither it is a program, which could forge both anyway.
  const claimed = origin ?? (referer === undefined ? undefined : (parseUrl(referer)?.origin ?? "invalid"));
  if (claimed === undefined) return { allowed: true, by: "no-header" };
  if (claimed === "null") return { allowed: false, reason: "an opaque origin (null)" };
  const url = parseUrl(claimed);
  if (!url) return { allowed: false, reason: "an unreadable origin" };
  if (host && sameHost(url, host)) return { allowed: true, by: "same-host" };
  if (appOrigin && url.origin === appOrigin) return { allowed: true, by: "app-url" };
  return { allowed: false, reason: `origin ${url.origin}` };
}
