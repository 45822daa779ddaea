import { z } from "zod";

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(4321),
  HOST: z.string().min(1).default("127.0.0.1"),
  DATABASE_URL: z.string().min(1).default("file:./data/site.db"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  API_MAX_PAGE: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
  /** Requests per minute per client address; 0 turns the limit off. */
  RATE_LIMIT: z.coerce.number().int().min(0).default(0),
  /** Send Strict-Transport-Security (set when the site is served over HTTPS). */
  HSTS: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  /** How long in-flight requests may take to finish after SIGTERM. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
  /** The public address of the site, for canonical links, the sitemap and share links. */
  SITE_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Load the demo content into an empty database at start. */
  SEED_DEMO: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
});

export type Config = Omit<z.output<typeof envSchema>, "SITE_URL"> & { SITE_URL: string };

/** The server's settings from the environment; throws one line per bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable counts as unset, as shells and CI files often leave them.
  const set = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const result = envSchema.safeParse(set);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new Error(`invalid environment: ${lines.join("; ")}`);
  }
  const { SITE_URL, ...rest } = result.data;
  const host = rest.HOST.includes(":") ? `[${rest.HOST}]` : rest.HOST;
  return { ...rest, SITE_URL: (SITE_URL ?? `http://${host}:${rest.PORT}`).replace(/\/$/, "") };
}
