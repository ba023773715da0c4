// The account list as CSV, streamed from the API with the session's token.
export { accountExportLoader as loader } from "~/features/portfolio/portfolio.server";
