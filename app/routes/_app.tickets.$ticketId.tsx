// /tickets/{id} is /support/{id} (spec 001 §2: the same screen under both prefixes).
export { ErrorBoundary, action, default, loader, meta } from "./_app.support.$ticketId";
