import type { MovementKind } from "#backend/schemas/inventory";

export const MOVEMENT_LABELS: Record<MovementKind, string> = {
  RECEIPT: "Receipt",
  TRANSFER: "Transfer",
  ALLOCATION: "Sale allocation",
  RELEASE: "Release",
  ISSUE: "Issue",
};
