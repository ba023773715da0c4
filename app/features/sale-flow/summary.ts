// What the summary says when the API could not make the sale.
export const SALE_CREATION_FAILED = "Sale Creation Failed: Internal Server Error";
