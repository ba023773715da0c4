import type { MovementKind } from "#backend/schemas/inventory";

/** How the inventory log names each kind of movement. */
export const MOVEMENT_LABELS: Record<MovementKind, string> = {
  RECEIPT: "Receipt",
  TRANSFER: "Transfer",
  ALLOCATION: "Sale allocation",
  RELEASE: "Release",
  ISSUE: "Issue",
};
