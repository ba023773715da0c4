import "@remix-run/node";

// Loaders and actions return plain data (single fetch), so their types flow to the components as is.
declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}
