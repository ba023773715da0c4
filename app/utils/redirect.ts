export const DEFAULT_REDIRECT = "/home";

/** A path browsers read as protocol-relative (another site): `//host` or `/\\host`. */
const OFF_SITE = /^\/[\\/]/;

/**
 * Only same-site relative paths may be a redirect target: "/sales?page=2" yes; "https://evil.example",
 * "//evil.example" and "/\\evil.example" (which browsers treat as protocol-relative) fall back. The check
 * is made on the answer as well as on the input: normalising "/.//evil.example", "/a/..//x" or "/%2e//x"
 * yields "//…", which must never leave this function.
 */
export function safeRedirect(
  to: FormDataEntryValue | string | null | undefined,
  fallback = DEFAULT_REDIRECT,
) {
  if (typeof to !== "string" || to.length === 0) return fallback;
  if (!to.startsWith("/") || OFF_SITE.test(to)) return fallback;
  if (/[\u0000-\u001f]/.test(to)) return fallback;
  try {
    const url = new URL(to, "http://same.site");
    if (url.origin !== "http://same.site") return fallback;
    const target = `${url.pathname}${url.search}${url.hash}`;
    return OFF_SITE.test(target) ? fallback : target;
  } catch {
    return fallback;
  }
}

/**
 * The sign-in URL that brings the user back to `path` afterwards. The path stays readable
 * (`/?redirect=/sales/all`); only characters that would end the query value are escaped.
 */
export function signInUrl(path: string) {
  const target = safeRedirect(path, "");
  if (!target || target === "/") return "/";
  return `/?redirect=${target.replace(/[%&#+\s]/g, (char) => encodeURIComponent(char))}`;
}
