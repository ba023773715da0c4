import type { MailMessage, Mailer } from "../mail";
import { escapeHtml } from "./html";
import { log } from "../log";

export interface Mailing {
  mailer: Mailer;
  appUrl: string;
}

interface Recipient {
  id: string;
  email: string;
  firstname: string;
}

// Escaped already, so the day these mails gain an HTML part nobody's name can become markup.
const greeting = (user: Recipient) => `Hello ${escapeHtml(user.firstname)},`;

export function inviteEmail(appUrl: string, user: Recipient, token: string): MailMessage {
  const link = `${appUrl}/create-password/${encodeURIComponent(user.id)}/${encodeURIComponent(token)}`;
  return {
    to: user.email,
    subject: "You have been invited to the back office",
    text: [
      greeting(user),
      "",
      "An account has been created for you. Choose your password with this link (valid for 7 days):",
      link,
    ].join("\n"),
    link,
  };
}

export function resetEmail(appUrl: string, user: Recipient, token: string): MailMessage {
  const link = `${appUrl}/reset-password/${encodeURIComponent(user.id)}/${encodeURIComponent(token)}`;
  return {
    to: user.email,
    subject: "Reset your password",
    text: [
      greeting(user),
      "",
      "Someone asked to reset the password of your account. If it was you, use this link (valid for 1 hour):",
      link,
      "",
      "If it was not you, ignore this message; your password stays as it is.",
    ].join("\n"),
    link,
  };
}

// After the commit; a failure is logged rather than undoing the change, since the link can be asked again.
export async function sendWithoutFailing(mailer: Mailer, message: MailMessage) {
  try {
    await mailer.send(message);
  } catch (error) {
    log.error({ err: error }, `Could not send "${message.subject}" to ${message.to}`);
  }
}
