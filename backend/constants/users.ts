// Values the browser shares with the API, free of zod so that pages needing only these stay small.

export const USER_STATUSES = ["active", "inactive", "barred"] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
