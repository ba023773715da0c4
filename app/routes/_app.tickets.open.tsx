// /tickets/open is /support/open (spec 001 §2: the same screen under both prefixes).
export { ErrorBoundary, default, loader, meta } from "./_app.support.open";
