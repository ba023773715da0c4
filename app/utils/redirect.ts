export const DEFAULT_REDIRECT = "/home";

/** A path browsers read as protocol-relative (another site): `//host` or `/\\host`. */
const OFF_SITE = /^\/[\\/]/;

// Same-site relative paths only. The answer is checked as well as the input: normalising "/.//evil.example"
// or "/%2e//x" yields "//…".
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

/** The path stays readable (`/?redirect=/sales/all`): only what would end the query value is escaped. */
export function signInUrl(path: string) {
  const target = safeRedirect(path, "");
  if (!target || target === "/") return "/";
  return `/?redirect=${target.replace(/[%&#+\s]/g, (char) => encodeURIComponent(char))}`;
}
