import { createContext, useContext } from "react";

/**
 * The Content-Security-Policy nonce of this response (server/security-headers.ts), for the inline
 * scripts Remix writes. Empty in the browser: the nonce only matters in the server's HTML.
 */
export const NonceContext = createContext("");

export function useNonce() {
  return useContext(NonceContext);
}
