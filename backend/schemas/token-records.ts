import { z } from "zod";

/** SET_TIME with no days resets a repossessed unit to zero credit for its next owner (issue 27). */
export const TOKEN_KINDS = ["ADD_TIME", "DISABLE_PAYG", "SET_TIME"] as const;
export type TokenKind = (typeof TOKEN_KINDS)[number];

export const TokenRecordSchema = z.object({
  id: z.string(),
  token: z.string(),
  count: z.number(),
  kind: z.enum(TOKEN_KINDS),
  days: z.number().nullable(),
  /** What was encoded: days × the device's time divider (OpenPAYGO Token), 998 for an unlock. */
  value: z.number(),
  deviceId: z.string(),
  serialNumber: z.string(),
  paymentId: z.string().nullable(),
  saleId: z.string().nullable(),
  issuedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type TokenRecord = z.infer<typeof TokenRecordSchema>;
