import type { BackendConfig } from "../../config";
import { createAfricasTalkingProvider } from "./africastalking";
import type { SmsProviderOptions } from "./africastalking";
import type { SmsProvider, SmsProviderName } from "./provider";
import { createTermiiProvider } from "./termii";

export const smsProviderName = (config: Pick<BackendConfig, "sms">): SmsProviderName => config.sms.provider;

/**
 * The real gateway the configuration chose; null means the sandbox, which records messages in the database
 * and so is built where the database is.
 */
export function realSmsProviderFor(
  config: Pick<BackendConfig, "sms">,
  options: SmsProviderOptions = {},
): SmsProvider | null {
  const sms = config.sms;
  switch (sms.provider) {
    case "africastalking":
      return createAfricasTalkingProvider(
        { username: sms.username, apiKey: sms.apiKey, senderId: sms.senderId, baseUrl: sms.baseUrl },
        options,
      );
    case "termii":
      return createTermiiProvider(
        { apiKey: sms.apiKey, senderId: sms.senderId, baseUrl: sms.baseUrl },
        options,
      );
    case "sandbox":
      return null;
  }
}
