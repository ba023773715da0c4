// The sales area's front door; the sale-*.ts files are its internal modules and never import this one.
export { createSale, paymentReference } from "./sale-creation";
export {
  changeDraft,
  createDraft,
  deleteDraft,
  draftChanges,
  getDraft,
  listDrafts,
  submitDraft,
} from "./sale-drafts";
export { cancelStaleSales, deleteExpiredDrafts } from "./sale-expiry";
export {
  checkExportDates,
  exportCells,
  exportCursorOf,
  exportFileName,
  readExportRowsAfter,
} from "./sale-export";
export type { ExportCursor } from "./sale-export";
export {
  ONLINE_NEEDS_VERIFICATION,
  SALE_CANCELLED,
  SALE_PAID,
  applyPayment,
  formatNaira,
  lockSale,
  paymentAnswer,
  recordCashPayment,
} from "./sale-payments";
export type { AppliedPayment, LockedSale } from "./sale-payments";
export { countSales, getSale, listSales, saleCountKey, saleStats, saleTotalFromStats } from "./sale-records";
export {
  countSaleItems,
  deviceIdsOfSaleItems,
  getSaleOrItem,
  listSaleItems,
  recipientRow,
  referenceItemColumns,
  referenceProductsOf,
  referenceSale,
  referenceSaleColumns,
  referenceSaleItem,
} from "./sale-items";
export {
  commitUpload,
  correctUploadRow,
  deleteExpiredUploads,
  getUpload,
  processSalesFile,
} from "./sale-upload";
export type { SalesUploadOutcome } from "./sale-upload";
