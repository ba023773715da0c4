import type { MailMessage, Mailer } from "../mail";
import { escapeHtml } from "./html";

export interface Mailing {
  mailer: Mailer;
  /** Base URL of the web app, where the e-mailed links lead. */
  appUrl: string;
}

interface Recipient {
  id: string;
  email: string;
  firstname: string;
}

/**
 * The name is typed by whoever invites the staff member: escaped already, so the day these mails gain an
 * HTML part nobody's name can become markup or a link in someone's inbox.
 */
const greeting = (user: Recipient) => `Hello ${escapeHtml(user.firstname)},`;

// Paths are the web app's set-password screens (spec 000 §2).
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

/**
 * Mail goes out after the change is committed; a mail failure is logged rather than undoing the change, since
 * the link can be requested again.
 */
export async function sendWithoutFailing(mailer: Mailer, message: MailMessage) {
  try {
    await mailer.send(message);
  } catch (error) {
    console.error(`Could not send "${message.subject}" to ${message.to}`, error);
  }
}
