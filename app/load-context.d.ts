import "@remix-run/node";

// What the web server (server/index.ts, getLoadContext) gives every loader, action and document render.
declare module "@remix-run/node" {
  interface AppLoadContext {
    /** This response's Content-Security-Policy nonce; absent when something else serves the build. */
    cspNonce?: string;
  }
}
