import { createContext, useContext } from "react";

/** This response's Content-Security-Policy nonce; empty in the browser, where it no longer matters. */
export const NonceContext = createContext("");

export function useNonce() {
  return useContext(NonceContext);
}
