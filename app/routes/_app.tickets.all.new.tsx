// /tickets/all/new is /support/all/new (spec 001 §2: the same screen under both prefixes).
export { action, default, loader, meta } from "./_app.support.all.new";
