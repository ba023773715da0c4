import type { MovementKind } from "#backend/constants/inventory";

export const MOVEMENT_LABELS: Record<MovementKind, string> = {
  RECEIPT: "Receipt",
  TRANSFER: "Transfer",
  ALLOCATION: "Sale allocation",
  RELEASE: "Release",
  ISSUE: "Issue",
};
