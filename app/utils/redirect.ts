export const DEFAULT_REDIRECT = "/home";

/**
 * Only same-site relative paths may be a redirect target: "/sales?page=2" yes; "https://evil.example",
 * "//evil.example" and "/\\evil.example" (which browsers treat as protocol-relative) fall back.
 */
export function safeRedirect(
  to: FormDataEntryValue | string | null | undefined,
  fallback = DEFAULT_REDIRECT,
) {
  if (typeof to !== "string" || to.length === 0) return fallback;
  if (!to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  if (/[\u0000-\u001f]/.test(to)) return fallback;
  try {
    const url = new URL(to, "http://same.site");
    if (url.origin !== "http://same.site") return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
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
