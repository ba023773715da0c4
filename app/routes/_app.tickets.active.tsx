// /tickets/active is /support/active (spec 001 §2: the same screen under both prefixes).
export { ErrorBoundary, default, loader, meta } from "./_app.support.active";
