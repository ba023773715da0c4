import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { log } from "#backend/log";

const flag = z
  .enum(["", "0", "1", "false", "true"], { message: "must be 1/0 or true/false" })
  .optional()
  .transform((value) => value === "1" || value === "true");

const AppEnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    DATA_DIR: z.string().min(1).default("./data"),
    API_BASE_URL: z
      .string()
      .url("must be a URL like http://127.0.0.1:3001")
      .optional()
      .transform((value) => value?.replace(/\/+$/, "")),
    SESSION_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
    // Rotation: older secrets, comma-separated, still accepted for cookies signed before the change.
    SESSION_SECRET_PREVIOUS: z
      .string()
      .optional()
      .transform((value) =>
        (value ?? "")
          .split(",")
          .map((secret) => secret.trim())
          .filter(Boolean),
      )
      .pipe(
        z
          .array(z.string().min(16, "each secret must be at least 16 characters"))
          .max(10, "at most 10 secrets"),
      ),
    DATABASE_URL: z.string().optional(),
    SUPPORT_EMAIL: z.string().email("must be an e-mail address").default("support@example.com"),
    INSECURE_COOKIES: flag,
    DEMO_DATA: flag,
    MAPS_API_KEY: z.string().trim().min(1).optional(),
  })
  .transform((env, context) => {
    // A generated secret is kept in DATA_DIR, which instances sharing a PostgreSQL do not share.
    const shared = Boolean(env.DATABASE_URL);
    if (!env.SESSION_SECRET && env.NODE_ENV === "production" && (!env.DEMO_DATA || shared)) {
      context.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["SESSION_SECRET"],
        message: shared
          ? "is required with DATABASE_URL: every instance must sign cookies with the same secret"
          : "is required in production (a random string of 16 or more characters)",
      });
      return z.NEVER;
    }
    return env;
  });

export type AppConfig = {
  production: boolean;
  apiBaseUrl: string | undefined;
  sessionSecrets: string[];
  supportEmail: string;
  secureCookies: boolean;
  /** Unset: plain text address fields. */
  mapsApiKey: string | undefined;
};

export function describeConfigError(error: z.ZodError) {
  const lines = error.issues.map((issue) => `  ${issue.path.join(".") || "(env)"} ${issue.message}`);
  return `Invalid configuration:\n${lines.join("\n")}`;
}

// Sessions must survive a restart even without SESSION_SECRET; production always brings its own.
function localSessionSecret(dataDir: string) {
  const file = path.join(dataDir, "session-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString("hex");
    fs.writeFileSync(file, secret, { mode: 0o600 });
    log.warn(`SESSION_SECRET is not set: using a generated secret kept in ${file}`);
    return secret;
  }
}

export function loadAppConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = AppEnvSchema.safeParse(env);
  if (!parsed.success) throw new Error(describeConfigError(parsed.error));
  const values = parsed.data;
  const production = values.NODE_ENV === "production";
  return {
    production,
    apiBaseUrl: values.API_BASE_URL,
    // The first signs new cookies; every one is accepted.
    sessionSecrets: [
      values.SESSION_SECRET ?? localSessionSecret(values.DATA_DIR),
      ...values.SESSION_SECRET_PREVIOUS,
    ],
    supportEmail: values.SUPPORT_EMAIL,
    secureCookies: production && !values.INSECURE_COOKIES,
    mapsApiKey: values.MAPS_API_KEY,
  };
}

let cached: AppConfig | undefined;

/** Read once per process; a bad value stops the boot with a message naming the variable. */
export function appConfig(): AppConfig {
  cached ??= loadAppConfig();
  return cached;
}
