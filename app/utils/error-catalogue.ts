// Spec 000 §6 and §8. Pure, so the server and the browser show the same texts.

export const MESSAGES = {
  badRequestToast: "Bad Request: Please check your submission.",
  unauthorizedToast: "Unauthorized: Please log in again.",
  notLoggedIn: "You are not logged in!",
  accessDeniedTitle: "Access Denied",
  accessDeniedLines: [
    "Your current permissions don't allow access to this resource.",
    "Please contact your administrator to request access.",
  ],
  offlineTitle: "No Internet Connection",
  offlineMessage: "Try checking your network configuration.",
  genericTitle: "Something Went Wrong",
  genericMessage: "Failed to fetch data.",
  pageErrorMessage: "Sorry, something went wrong on our end. We're working to fix it.",
  pageOfflineMessage: "No Internet Connection, Try checking your network configuration.",
  tooLargeLines: [
    "What you sent is too large for the server to accept.",
    "A file may be up to 5 MB; other forms are much smaller.",
  ],
} as const;

export type FailureKind = "bad-request" | "unauthorized" | "forbidden" | "network" | "other";

/** `status` 0 means no response at all. */
export type ApiFailure = {
  status: number;
  message?: string | string[];
  fieldErrors?: Record<string, string[]>;
  body?: unknown;
};

export type FailureDescription = {
  kind: FailureKind;
  status: number;
  title: string;
  lines: string[];
  /** Retrying makes sense for everything but a permission refusal (spec 000 §6: "no retry"). */
  canRetry: boolean;
  toast?: string;
};

export function failureKind(status: number): FailureKind {
  if (status === 0) return "network";
  if (status === 400) return "bad-request";
  if (status === 401) return "unauthorized";
  if (status === 403) return "forbidden";
  return "other";
}

export function messageLines(message: string | string[] | undefined): string[] {
  if (message === undefined) return [];
  return (Array.isArray(message) ? message : [message]).filter((line) => line.trim() !== "");
}

export function describeFailure(failure: ApiFailure): FailureDescription {
  const kind = failureKind(failure.status);
  const serverLines = messageLines(failure.message);
  switch (kind) {
    case "network":
      return {
        kind,
        status: 0,
        title: MESSAGES.offlineTitle,
        lines: [MESSAGES.offlineMessage],
        canRetry: true,
      };
    case "forbidden":
      return {
        kind,
        status: 403,
        title: MESSAGES.accessDeniedTitle,
        lines: [...MESSAGES.accessDeniedLines],
        canRetry: false,
      };
    case "unauthorized":
      return {
        kind,
        status: 401,
        title: MESSAGES.genericTitle,
        lines: [MESSAGES.unauthorizedToast],
        canRetry: false,
        toast: MESSAGES.unauthorizedToast,
      };
    case "bad-request":
      return {
        kind,
        status: 400,
        title: MESSAGES.genericTitle,
        lines: serverLines.length ? serverLines : [MESSAGES.genericMessage],
        canRetry: true,
        toast: MESSAGES.badRequestToast,
      };
    default:
      return {
        kind,
        status: failure.status,
        title: MESSAGES.genericTitle,
        lines: serverLines.length ? serverLines : [MESSAGES.genericMessage],
        canRetry: true,
      };
  }
}

export type ErrorContent = string | string[] | Record<string, string[] | string> | null | undefined;

export function errorBoxLines(content: ErrorContent): string[] {
  if (content == null) return [];
  if (typeof content === "string") return messageLines(content);
  if (Array.isArray(content)) return messageLines(content);
  return Object.entries(content).map(
    ([field, messages]) => `${field}: ${Array.isArray(messages) ? messages.join(", ") : messages}`,
  );
}

export function firstMessage(message: string | string[] | undefined): string | undefined {
  return messageLines(message)[0];
}
