// /tickets/export is /support/export (spec 001 §2: the same screen under both prefixes).
export { loader } from "./support.export";
