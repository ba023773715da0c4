import { createHash } from "node:crypto";
import { hostname } from "node:os";
import path from "node:path";
import { z } from "zod";
import { NewPasswordSchema } from "./schemas/fields";
import { MetricsEnvShape } from "./metrics";
import { SMS_PROVIDERS } from "./services/messaging/provider";
import { ShutdownEnvShape } from "./shutdown";

/** Deployment tools often pass unset variables as "", which should mean "use the default". */
const optional = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

const positiveInteger = () =>
  z.coerce
    .number({ invalid_type_error: "must be a whole number" })
    .int("must be a whole number")
    .positive("must be greater than 0");

const milliseconds = () =>
  z.coerce
    .number({ invalid_type_error: "must be a whole number of milliseconds" })
    .int("must be a whole number of milliseconds")
    .min(0, "must be 0 or more")
    .max(24 * 3_600_000, "must be at most a day");

const isOn = (value: string | undefined) => value === "1" || value === "true";

const flag = z.enum(["1", "true", "0", "false"], {
  errorMap: () => ({ message: 'must be "1", "true", "0" or "false"' }),
});

const secret = () => z.string().trim().min(1, "must not be blank");

// Networks show at most 11 letters or digits as the sender; Termii asks for 3 at least.
const senderId = (min: number) =>
  z
    .string()
    .trim()
    .min(min, min > 1 ? `must be at least ${min} characters` : "must not be blank")
    .max(11, "must be at most 11 characters (an alphanumeric sender id or a short code)");

const mailAddress = /^[^\s@<>]+@[^\s@<>]+$/;
/** "address" or "Name <address>"; a host without a dot (localhost) is allowed for test servers. */
const MailFromSchema = z
  .string()
  .trim()
  .refine(
    (value) => mailAddress.test(value) || /^[^<>]*<[^\s@<>]+@[^\s@<>]+>$/.test(value),
    'must be an address such as no-reply@example.com or "Name <no-reply@example.com>"',
  );

export const DEFAULT_MAIL_FROM = "SolarDesk <no-reply@localhost>";

const TRUST_PROXY_MESSAGE = "must be 0, or the number of reverse proxies in front (usually 1)";

const EnvSchema = z.object({
  NODE_ENV: optional(z.enum(["development", "production", "test"])),
  PORT: optional(positiveInteger().max(65535, "must be at most 65535")),
  DATA_DIR: optional(z.string()),
  DATABASE_URL: optional(
    z.string().regex(/^postgres(ql)?:\/\/.+/, "must be a postgres:// or postgresql:// connection string"),
  ),
  APP_URL: optional(z.string().url("must be an absolute URL such as https://office.example.com")),
  ADMIN_EMAIL: optional(z.string().trim().email("must be an e-mail address")),
  ADMIN_PASSWORD: optional(NewPasswordSchema),
  DEMO_DATA: optional(flag),
  EMBEDDED_DATABASE: optional(flag),
  MAIL_OUTBOX_DIR: optional(z.string()),
  TOKEN_TTL_HOURS: optional(positiveInteger()),
  BODY_LIMIT_BYTES: optional(positiveInteger()),
  // The web app's variable, with the same meaning: how many proxies in front append to X-Forwarded-For.
  TRUST_PROXY: optional(
    z.coerce
      .number({ invalid_type_error: TRUST_PROXY_MESSAGE })
      .int(TRUST_PROXY_MESSAGE)
      .min(0, TRUST_PROXY_MESSAGE),
  ),
  READ_CACHE_MS: optional(milliseconds()),
  SESSION_CACHE_MS: optional(milliseconds()),
  MIGRATE_ON_START: optional(flag),
  MESSAGE_POLL_MS: optional(
    positiveInteger().min(100, "must be at least 100").max(600_000, "must be at most 600000 (10 minutes)"),
  ),
  JOB_INTERVAL_MS: optional(
    positiveInteger().min(1_000, "must be at least 1000").max(86_400_000, "must be at most a day"),
  ),
  INSTANCE_ID: optional(z.string().trim().min(1).max(100)),
  MIGRATION_LOCK_TIMEOUT_MS: optional(milliseconds()),
  PG_POOL_MAX: optional(positiveInteger().max(1000, "must be at most 1000")),
  PG_STATEMENT_TIMEOUT_MS: optional(milliseconds()),
  PG_IDLE_IN_TRANSACTION_TIMEOUT_MS: optional(milliseconds()),
  PG_LOCK_TIMEOUT_MS: optional(milliseconds()),
  FLW_PUBLIC_KEY: optional(z.string().trim().min(20, "must be at least 20 characters")),
  FLW_SECRET_KEY: optional(z.string().trim().min(20, "must be at least 20 characters")),
  FLW_WEBHOOK_HASH: optional(z.string().trim().min(8, "must be at least 8 characters")),
  FLW_BASE_URL: optional(z.string().url("must be an absolute URL such as https://api.flutterwave.com")),
  PAYMENT_SANDBOX: optional(flag),
  SMS_PROVIDER: optional(
    z.enum(SMS_PROVIDERS, {
      errorMap: () => ({ message: 'must be "africastalking", "termii" or "sandbox"' }),
    }),
  ),
  AT_USERNAME: optional(secret()),
  AT_API_KEY: optional(secret()),
  AT_SENDER_ID: optional(senderId(1)),
  AT_BASE_URL: optional(z.string().url("must be an absolute URL such as https://api.africastalking.com")),
  // Africa's Talking does not sign its delivery reports: a secret in the callback URL is all that tells
  // them from a stranger's.
  AT_REPORT_TOKEN: optional(z.string().trim().min(16, "must be at least 16 characters")),
  TERMII_API_KEY: optional(secret()),
  TERMII_SENDER_ID: optional(senderId(3)),
  TERMII_SECRET_KEY: optional(secret()),
  TERMII_BASE_URL: optional(z.string().url("must be an absolute URL such as https://api.ng.termii.com")),
  SMTP_URL: optional(
    z
      .string()
      .trim()
      .regex(
        /^smtps?:\/\/[^/?#\s]+/,
        "must be an smtp:// or smtps:// URL such as smtps://user:password@mail.example.com",
      ),
  ),
  MAIL_FROM: optional(MailFromSchema),
  SALE_HOLD_HOURS: optional(
    z.coerce
      .number({ invalid_type_error: "must be a number" })
      .positive("must be greater than 0")
      .max(24 * 365),
  ),
});

export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;

export interface Limit {
  max: number;
  windowMs: number;
  lockMs?: number;
}

const MINUTE = 60_000;

/** The numbers of docs/decisions/012; tests shorten them through createTestBackend's overrides. */
export const DEFAULT_LIMITS = {
  loginPerAccountAndAddress: { max: 5, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE },
  // High enough that one address cannot lock the real user out: the slow back-off against spread guesses.
  loginPerAccount: { max: 50, windowMs: 60 * MINUTE, lockMs: 30 * MINUTE },
  // Generous: a whole office may sign in from one address.
  loginPerAddress: { max: 100, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE },
  resetMailsPerAccount: { max: 3, windowMs: 60 * MINUTE },
} satisfies Record<string, Limit>;
export type Limits = typeof DEFAULT_LIMITS;

const AdminPairSchema = z.object({ ADMIN_EMAIL: z.unknown(), ADMIN_PASSWORD: z.unknown() });
const PaymentModeSchema = z.object({ NODE_ENV: z.unknown(), PAYMENT_SANDBOX: z.unknown() });
const AppUrlSchema = z.object({ NODE_ENV: z.unknown(), APP_URL: z.unknown() });
const DatabaseChoiceSchema = z.object({
  NODE_ENV: z.unknown(),
  DATABASE_URL: z.unknown(),
  EMBEDDED_DATABASE: z.unknown(),
});
const FLUTTERWAVE_KEYS = ["FLW_PUBLIC_KEY", "FLW_SECRET_KEY", "FLW_WEBHOOK_HASH"] as const;
const FlutterwaveKeysSchema = z.object(
  Object.fromEntries(FLUTTERWAVE_KEYS.map((key) => [key, z.unknown()])) as Record<
    (typeof FLUTTERWAVE_KEYS)[number],
    z.ZodUnknown
  >,
);

// Each gateway's keys: all of a set or none, as with Flutterwave's. The sender id and the report token of
// Africa's Talking are optional, but mean nothing without its keys.
const AT_KEYS = ["AT_USERNAME", "AT_API_KEY"] as const;
const AT_EXTRAS = ["AT_SENDER_ID", "AT_REPORT_TOKEN"] as const;
const TERMII_KEYS = ["TERMII_API_KEY", "TERMII_SENDER_ID", "TERMII_SECRET_KEY"] as const;
const SMS_VARIABLES = ["SMS_PROVIDER", ...AT_KEYS, ...AT_EXTRAS, ...TERMII_KEYS] as const;
type SmsVariable = (typeof SMS_VARIABLES)[number];
const SmsKeysSchema = z.object(
  Object.fromEntries(SMS_VARIABLES.map((key) => [key, z.unknown()])) as Record<SmsVariable, z.ZodUnknown>,
);

const listed = (names: readonly string[]) =>
  names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : (names[0] ?? "");

/** The problems of one gateway's set of keys: every missing one named, against those that are given. */
function missingKeys(
  values: Partial<Record<SmsVariable, unknown>>,
  keys: readonly SmsVariable[],
  extras: readonly SmsVariable[],
): { path: SmsVariable; message: string }[] {
  const given = [...keys, ...extras].filter((key) => Boolean(values[key]));
  if (given.length === 0) return [];
  return keys
    .filter((key) => !given.includes(key))
    .map((key) => ({
      path: key,
      message: `is required when ${listed(given)} ${given.length > 1 ? "are" : "is"} set`,
    }));
}

function smsKeyProblems(
  values: Partial<Record<SmsVariable, unknown>>,
): { path: SmsVariable; message: string }[] {
  const problems = [...missingKeys(values, AT_KEYS, AT_EXTRAS), ...missingKeys(values, TERMII_KEYS, [])];
  const hasAt = AT_KEYS.some((key) => Boolean(values[key]));
  const hasTermii = TERMII_KEYS.some((key) => Boolean(values[key]));
  const chosen = values.SMS_PROVIDER;
  if (!chosen && hasAt && hasTermii) {
    problems.push({
      path: "SMS_PROVIDER",
      message:
        "is required when the keys of both Africa's Talking (AT_*) and Termii (TERMII_*) are set: " +
        'choose "africastalking" or "termii"',
    });
  }
  if (chosen === "africastalking" && !hasAt) {
    problems.push({
      path: "SMS_PROVIDER",
      message: `is "africastalking" but ${listed(AT_KEYS)} are not set`,
    });
  }
  if (chosen === "termii" && !hasTermii) {
    problems.push({ path: "SMS_PROVIDER", message: `is "termii" but ${listed(TERMII_KEYS)} are not set` });
  }
  return problems;
}

type SmsEnv = Pick<z.output<typeof EnvSchema>, SmsVariable | "AT_BASE_URL" | "TERMII_BASE_URL">;

const trimSlashes = (url: string) => url.replace(/\/+$/, "");

/** The gateway the outbox sends through: the one named, else the one whose keys are set, else the sandbox. */
function smsSettings(env: SmsEnv) {
  const at =
    env.AT_USERNAME && env.AT_API_KEY
      ? {
          provider: "africastalking" as const,
          username: env.AT_USERNAME,
          apiKey: env.AT_API_KEY,
          senderId: env.AT_SENDER_ID ?? null,
          // The sandbox account only exists on the sandbox's host.
          baseUrl: trimSlashes(
            env.AT_BASE_URL ??
              (env.AT_USERNAME === "sandbox"
                ? "https://api.sandbox.africastalking.com"
                : "https://api.africastalking.com"),
          ),
          reportToken: env.AT_REPORT_TOKEN ?? null,
        }
      : null;
  const termii =
    env.TERMII_API_KEY && env.TERMII_SENDER_ID && env.TERMII_SECRET_KEY
      ? {
          provider: "termii" as const,
          apiKey: env.TERMII_API_KEY,
          senderId: env.TERMII_SENDER_ID,
          secretKey: env.TERMII_SECRET_KEY,
          baseUrl: trimSlashes(env.TERMII_BASE_URL ?? "https://api.ng.termii.com"),
        }
      : null;
  const sandbox = { provider: "sandbox" as const };
  if (env.SMS_PROVIDER === "sandbox") return sandbox;
  if (env.SMS_PROVIDER === "africastalking") return at ?? sandbox;
  if (env.SMS_PROVIDER === "termii") return termii ?? sandbox;
  return at ?? termii ?? sandbox;
}

export type SmsSettings = ReturnType<typeof smsSettings>;

export const BackendConfigSchema = z
  // The pairing is checked on the raw values, so it is reported together with the other problems
  // (a refinement after the object would only run once every variable is valid).
  .preprocess((env, ctx) => {
    const pair = AdminPairSchema.safeParse(env);
    if (pair.success) {
      const hasEmail = Boolean(pair.data.ADMIN_EMAIL);
      const hasPassword = Boolean(pair.data.ADMIN_PASSWORD);
      if (hasEmail && !hasPassword) {
        ctx.addIssue({
          code: "custom",
          path: ["ADMIN_PASSWORD"],
          message: "is required when ADMIN_EMAIL is set",
        });
      }
      if (hasPassword && !hasEmail) {
        ctx.addIssue({
          code: "custom",
          path: ["ADMIN_EMAIL"],
          message: "is required when ADMIN_PASSWORD is set",
        });
      }
    }
    // Links sent by e-mail or SMS are read far from the request that caused them: only APP_URL says
    // where the app lives, and a guessed localhost would send staff nowhere.
    const site = AppUrlSchema.safeParse(env);
    if (site.success && site.data.NODE_ENV === "production" && !site.data.APP_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["APP_URL"],
        message:
          "production needs the address staff open the app at, such as https://office.example.com " +
          "(links in invitation and password e-mails are built from it)",
      });
    }
    // A process that silently opens its own embedded database beside others on PostgreSQL would take sales
    // nobody else sees: production names its database, one way or the other.
    const choice = DatabaseChoiceSchema.safeParse(env);
    if (choice.success && choice.data.NODE_ENV === "production") {
      const embedded = choice.data.EMBEDDED_DATABASE === "1" || choice.data.EMBEDDED_DATABASE === "true";
      if (!choice.data.DATABASE_URL && !embedded) {
        ctx.addIssue({
          code: "custom",
          path: ["DATABASE_URL"],
          message:
            "production needs DATABASE_URL (postgres://…, the database every instance shares), or " +
            "EMBEDDED_DATABASE=1 to choose the embedded database in DATA_DIR (one instance only)",
        });
      }
      if (choice.data.DATABASE_URL && embedded) {
        ctx.addIssue({
          code: "custom",
          path: ["EMBEDDED_DATABASE"],
          message: "cannot be 1 together with DATABASE_URL: choose one database",
        });
      }
    }
    // Half a Flutterwave set would take real money with no way to confirm it: all three or none.
    const keys = FlutterwaveKeysSchema.safeParse(env);
    if (keys.success) {
      const given = FLUTTERWAVE_KEYS.filter((key) => Boolean(keys.data[key]));
      if (given.length > 0) {
        for (const key of FLUTTERWAVE_KEYS.filter((name) => !given.includes(name))) {
          ctx.addIssue({
            code: "custom",
            path: [key],
            message: `is required when ${given.join(" and ")} ${given.length > 1 ? "are" : "is"} set`,
          });
        }
      }
      // The sandbox completes any checkout it is asked to (and unlocks its devices): a production server
      // uses it only when told so, never because the keys were forgotten. Keys, when set, always win.
      const mode = PaymentModeSchema.safeParse(env);
      const sandboxChosen =
        mode.success && (mode.data.PAYMENT_SANDBOX === "1" || mode.data.PAYMENT_SANDBOX === "true");
      if (mode.success && mode.data.NODE_ENV === "production" && given.length === 0 && !sandboxChosen) {
        ctx.addIssue({
          code: "custom",
          path: ["PAYMENT_SANDBOX"],
          message:
            "production needs FLW_PUBLIC_KEY, FLW_SECRET_KEY and FLW_WEBHOOK_HASH for real payments, or " +
            "PAYMENT_SANDBOX=1 to choose the built-in sandbox provider (test payments, no money moves)",
        });
      }
    }
    const sms = SmsKeysSchema.safeParse(env);
    if (sms.success) {
      for (const problem of smsKeyProblems(sms.data)) {
        ctx.addIssue({ code: "custom", path: [problem.path], message: problem.message });
      }
    }
    return env;
  }, EnvSchema)
  .transform((env) => {
    const dataDir = path.resolve(env.DATA_DIR ?? "./data");
    return {
      nodeEnv: env.NODE_ENV ?? "development",
      dataDir,
      databaseUrl: env.DATABASE_URL ?? null,
      pgliteDir: path.join(dataDir, "pglite"),
      appUrl: (env.APP_URL ?? `http://localhost:${env.PORT ?? 3000}`).replace(/\/+$/, ""),
      admin:
        env.ADMIN_EMAIL && env.ADMIN_PASSWORD
          ? { email: env.ADMIN_EMAIL.toLowerCase(), password: env.ADMIN_PASSWORD }
          : null,
      demoData: isOn(env.DEMO_DATA),
      mailOutboxDir: env.MAIL_OUTBOX_DIR ? path.resolve(env.MAIL_OUTBOX_DIR) : null,
      tokenTtlHours: env.TOKEN_TTL_HOURS ?? 168,
      bodyLimitBytes: env.BODY_LIMIT_BYTES ?? DEFAULT_BODY_LIMIT_BYTES,
      trustProxyHops: env.TRUST_PROXY ?? 0,
      readCacheMs: env.READ_CACHE_MS ?? 5_000,
      // Sessions carry permissions: a shorter reuse by default, so a block or a removed permission bites fast
      // even on a process whose invalidation message was lost.
      sessionCacheMs: env.SESSION_CACHE_MS ?? Math.min(env.READ_CACHE_MS ?? 5_000, 2_000),
      jobIntervalMs: env.JOB_INTERVAL_MS ?? 5 * 60_000,
      // How often each process looks for queued messages: a token reaches the customer within it.
      messagePollMs: env.MESSAGE_POLL_MS ?? 2_000,
      // Names this process in job rounds and logs; the host name is the container's id under Docker.
      instanceId: env.INSTANCE_ID ?? `${hostname()}:${process.pid}`,
      migrateOnStart: env.MIGRATE_ON_START === undefined || isOn(env.MIGRATE_ON_START),
      migrationLockTimeoutMs: env.MIGRATION_LOCK_TIMEOUT_MS ?? 10_000,
      pool: {
        max: env.PG_POOL_MAX ?? 10,
        statementTimeoutMs: env.PG_STATEMENT_TIMEOUT_MS ?? 60_000,
        idleInTransactionTimeoutMs: env.PG_IDLE_IN_TRANSACTION_TIMEOUT_MS ?? 60_000,
        lockTimeoutMs: env.PG_LOCK_TIMEOUT_MS ?? 0,
      },
      limits: DEFAULT_LIMITS as Limits,
      saleHoldHours: env.SALE_HOLD_HOURS ?? 24,
      flutterwave:
        env.FLW_PUBLIC_KEY && env.FLW_SECRET_KEY && env.FLW_WEBHOOK_HASH
          ? {
              publicKey: env.FLW_PUBLIC_KEY,
              secretKey: env.FLW_SECRET_KEY,
              webhookHash: env.FLW_WEBHOOK_HASH,
              baseUrl: (env.FLW_BASE_URL ?? "https://api.flutterwave.com").replace(/\/+$/, ""),
            }
          : null,
      sms: smsSettings(env),
      // Without it, mail goes to MAIL_OUTBOX_DIR or the log.
      smtpUrl: env.SMTP_URL ?? null,
      mailFrom: env.MAIL_FROM ?? DEFAULT_MAIL_FROM,
    };
  });

export type BackendConfig = z.output<typeof BackendConfigSchema>;

/**
 * A short digest of the settings every instance of one deployment should share (not the instance's own
 * name), logged at start: two instances printing different ones are configured differently. Only the
 * digest is printed, never a value.
 */
export function configFingerprint(config: BackendConfig) {
  const { instanceId: _own, ...shared } = config;
  return createHash("sha256").update(JSON.stringify(shared)).digest("hex").slice(0, 12);
}

export function loadBackendConfig(env: Record<string, string | undefined> = process.env): BackendConfig {
  const result = BackendConfigSchema.safeParse(env);
  if (result.success) return result.data;
  // Messages name the variable and the rule, never the value: ADMIN_PASSWORD must not reach a log.
  const problems = result.error.issues.map(
    (issue) => `  - ${issue.path.join(".") || "environment"}: ${issue.message}`,
  );
  throw new Error(`Invalid backend configuration:\n${problems.join("\n")}`);
}

const ApiServerSettingsSchema = z.object({
  PORT: optional(positiveInteger().max(65535, "must be at most 65535")),
  HOST: optional(z.string().trim().min(1)),
  ...ShutdownEnvShape,
  ...MetricsEnvShape,
});

// Loopback unless HOST says otherwise: the API alone is meant to sit behind the web app.
export function loadApiServerSettings(env: Record<string, string | undefined> = process.env) {
  const result = ApiServerSettingsSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  - ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid API server settings:\n${problems.join("\n")}`);
  }
  return {
    port: result.data.PORT ?? 3001,
    hostname: result.data.HOST ?? "127.0.0.1",
    shutdown: { delayMs: result.data.SHUTDOWN_DELAY_MS, drainMs: result.data.SHUTDOWN_DRAIN_MS },
    metricsPort: result.data.METRICS_PORT,
  };
}
