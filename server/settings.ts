import { z } from "zod";
import { DEFAULT_BODY_LIMIT_BYTES } from "#backend/config";
import { MetricsEnvShape } from "#backend/metrics";
import { ShutdownEnvShape } from "#backend/shutdown";

const ServerEnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce
    .number({ invalid_type_error: "must be a whole number" })
    .int("must be a whole number")
    .min(1, "must be between 1 and 65535")
    .max(65535, "must be between 1 and 65535")
    .default(3000),
  HOST: z.string().trim().min(1).optional(),
  // A hop count, not a flag: trusting every hop lets a browser pick req.ip via X-Forwarded-For's left end.
  TRUST_PROXY: z.coerce
    .number({ invalid_type_error: "must be 0, or the number of reverse proxies in front (usually 1)" })
    .int("must be 0, or the number of reverse proxies in front (usually 1)")
    .min(0, "must be 0, or the number of reverse proxies in front (usually 1)")
    .default(0),
  APP_URL: z.string().url("must be an absolute URL such as https://office.example.com").optional(),
  BODY_LIMIT_BYTES: z.coerce
    .number({ invalid_type_error: "must be a whole number" })
    .int("must be a whole number")
    .positive("must be greater than 0")
    .default(DEFAULT_BODY_LIMIT_BYTES),
  ...ShutdownEnvShape,
  ...MetricsEnvShape,
});

export type ServerSettings = {
  mode: "development" | "production" | "test";
  port: number;
  host: string | undefined;
  trustProxyHops: number;
  appOrigin: string | undefined;
  bodyLimitBytes: number;
  shutdown: { delayMs: number; drainMs: number };
  metricsPort: number | undefined;
};

export function readServerSettings(env: Record<string, string | undefined> = process.env): ServerSettings {
  const present = Object.fromEntries(
    Object.keys(ServerEnvSchema.shape).map((name) => [name, env[name] === "" ? undefined : env[name]]),
  );
  const parsed = ServerEnvSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")} ${issue.message}`);
    throw new Error(`Invalid server configuration:\n${problems.join("\n")}`);
  }
  const values = parsed.data;
  return {
    mode: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    trustProxyHops: values.TRUST_PROXY,
    appOrigin: values.APP_URL ? new URL(values.APP_URL).origin : undefined,
    bodyLimitBytes: values.BODY_LIMIT_BYTES,
    shutdown: { delayMs: values.SHUTDOWN_DELAY_MS, drainMs: values.SHUTDOWN_DRAIN_MS },
    metricsPort: values.METRICS_PORT,
  };
}
