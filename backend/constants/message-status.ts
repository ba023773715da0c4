// A message's status and channel in words: all the sale page's token table needs, kept apart from the
// templates so that page does not download them.

export const MESSAGE_CHANNELS = ["SMS", "EMAIL"] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
export const MESSAGE_CHANNEL_LABELS: Record<MessageChannel, string> = { SMS: "SMS", EMAIL: "E-mail" };

/**
 * QUEUED until a gateway takes it (SENT); then its delivery report says DELIVERED, FAILED or REJECTED. A
 * message that cannot be sent at all (no valid number, an opted-out customer, too many attempts) is FAILED
 * with its reason; a reminder the customer paid before it went out is CANCELLED.
 */
export const MESSAGE_STATUSES = ["QUEUED", "SENT", "DELIVERED", "FAILED", "REJECTED", "CANCELLED"] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
export const MESSAGE_STATUS_LABELS: Record<MessageStatus, string> = {
  QUEUED: "Queued",
  SENT: "Sent",
  DELIVERED: "Delivered",
  FAILED: "Failed",
  REJECTED: "Rejected",
  CANCELLED: "Cancelled",
};
