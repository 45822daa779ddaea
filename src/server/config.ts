import { z } from "zod";

const envSchema = z.object({
  /**
   * React and the other libraries run their production builds unless told otherwise: unset, React
   * rendered every page with its development checks, at about half the speed, and process
   * managers seldom set it.
   */
  NODE_ENV: z.enum(["production", "development", "test"]).default("production"),
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
  /**
   * Load the demo content into an empty database at start. Unset: only for the default database
   * (`data/site.db`, created when missing); a database named in DATABASE_URL must hold content.
   */
  SEED_DEMO: z
    .enum(["true", "false"])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === "true")),
  /** Most connections to PostgreSQL per instance. */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
  /** How long a PostgreSQL connect or statement may take before the request gets a 503. */
  DATABASE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  /**
   * Fastify's trustProxy: `true` (every proxy), a number of hops, or the proxies' addresses and
   * CIDR ranges separated by commas. Client addresses (rate limit, logs) then come from
   * X-Forwarded-For. Off by default.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "false") return false;
      if (v === "true") return true;
      if (/^\d{1,3}$/.test(v)) return Number(v);
      const list = v
        .split(",")
        .map((a) => a.trim())
        .filter(Boolean);
      if (list.every((a) => /^[0-9a-f.:]+(\/\d{1,3})?$/i.test(a)) && list.length > 0) return list;
      ctx.addIssue({ code: "custom", message: "true, false, a number of hops or addresses" });
      return z.NEVER;
    }),
  /** How long a client may take to send a request's headers; then Node answers 408 and closes. */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(10_000),
  /** How long a client may take to send a whole request (head and body). */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  /**
   * How long an idle keep-alive connection stays open. Above the 60 s idle timeout of common
   * load balancers, so that they close first and never reuse a connection the site is closing.
   */
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(72_000),
  /** How often each instance reads the content revision (the fallback to PostgreSQL's NOTIFY). */
  CONTENT_POLL_MS: z.coerce.number().int().min(50).max(3_600_000).default(1000),
  /** Serve Prometheus metrics on this port (off when unset), on METRICS_HOST. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  METRICS_HOST: z.string().min(1).default("127.0.0.1"),
  /**
   * Keep the site's record (docs/records.md): every write captures what visitors got, and a
   * start on a new build captures every page. `false` only where the record is not wanted (a
   * test that does not test it): a write made with it off is not in the record.
   */
  RECORD: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
  /** The Sitefinity sync's settings file (docs/sitefinity.md): where the content comes from. */
  SYNC_SETTINGS: z.string().optional(),
  /** How often the running site syncs from Sitefinity (`30s`, `5m`, `1h`); needs SYNC_SETTINGS. */
  SYNC_EVERY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      const m = /^(\d{1,5})\s*(s|m|h)$/.exec(v.trim());
      const ms = m ? Number(m[1]) * { s: 1000, m: 60_000, h: 3_600_000 }[m[2] as "s"] : 0;
      if (ms >= 1000 && ms <= 86_400_000) return ms;
      ctx.addIssue({ code: "custom", message: "a time from 1s to 24h, such as 30s, 5m or 1h" });
      return z.NEVER;
    }),
  /**
   * The key the sync sends as X-SF-Access-Key, for the running site's and `content:sync`'s
   * syncs alike; never in a file or a log. Unset: the sync asks anonymously.
   */
  SITEFINITY_ACCESS_KEY: z.string().optional(),
  /**
   * The Basic credentials Sitefinity's service hooks send to POST /hooks/sitefinity; with
   * SYNC_SETTINGS, setting both turns the endpoint on (docs/sitefinity.md). Never logged.
   */
  SYNC_HOOK_USER: z.string().min(1).max(200).optional(),
  SYNC_HOOK_PASSWORD: z
    .string()
    .min(16, "at least 16 characters: anyone who guesses it can make the site call Sitefinity")
    .max(200)
    .optional(),
  /**
   * The Varnish instances in front of the site (deploy/varnish.vcl), comma-separated base URLs
   * (`http://10.0.0.5:6081`): after a change the instance that wrote purges each of them by tag.
   */
  VARNISH_URLS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      const list = v
        .split(",")
        .map((url) => url.trim().replace(/\/+$/, ""))
        .filter(Boolean);
      const isHttp = (url: string) => URL.canParse(url) && /^https?:$/.test(new URL(url).protocol);
      if (list.length > 0 && list.every(isHttp)) return list;
      ctx.addIssue({ code: "custom", message: "http(s) URLs separated by commas" });
      return z.NEVER;
    }),
  /** The Fastly service the site is behind; with FASTLY_API_TOKEN, changes purge it by tag. */
  FASTLY_SERVICE_ID: z.string().optional(),
  /** An API token with purge_select scope for that service; never in a log. */
  FASTLY_API_TOKEN: z.string().optional(),
  /** Fastly's API address; another one only for a test's stand-in. */
  FASTLY_API_URL: z.url({ protocol: /^https?$/ }).default("https://api.fastly.com"),
  /** The Cloudflare zone the site is behind; with CLOUDFLARE_API_TOKEN, changes purge it by tag. */
  CLOUDFLARE_ZONE_ID: z.string().optional(),
  /** An API token with the zone's Cache Purge permission; never in a log. */
  CLOUDFLARE_API_TOKEN: z.string().optional(),
  /** Cloudflare's API address; another one only for a test's stand-in. */
  CLOUDFLARE_API_URL: z
    .url({ protocol: /^https?$/ })
    .default("https://api.cloudflare.com/client/v4"),
});

/** Settings that only mean something together: both set, or neither. */
const PAIRS = [
  // One without the other would leave the endpoint off without a word.
  ["SYNC_HOOK_USER", "SYNC_HOOK_PASSWORD"],
  ["FASTLY_SERVICE_ID", "FASTLY_API_TOKEN"],
  ["CLOUDFLARE_ZONE_ID", "CLOUDFLARE_API_TOKEN"],
] as const;

// Node refuses a headers timeout longer than the request timeout it belongs to.
const checkedSchema = envSchema
  .refine((env) => env.HEADERS_TIMEOUT_MS <= env.REQUEST_TIMEOUT_MS, {
    path: ["HEADERS_TIMEOUT_MS"],
    message: "must not be longer than REQUEST_TIMEOUT_MS",
  })
  .superRefine((env, ctx) => {
    for (const [a, b] of PAIRS) {
      const [hasA, hasB] = [env[a] !== undefined, env[b] !== undefined];
      if (hasA === hasB) continue;
      const [missing, set] = hasA ? [b, a] : [a, b];
      ctx.addIssue({ code: "custom", path: [missing], message: `must be set with ${set}` });
    }
  });

type Parsed = z.output<typeof envSchema>;

/** Every setting's variable name. */
export const SETTING_NAMES: readonly string[] = Object.keys(envSchema.shape);

export type Config = Omit<Parsed, "SITE_URL" | "SEED_DEMO"> & {
  SITE_URL: string;
  SEED_DEMO: boolean;
  /** Whether DATABASE_URL named the database (rather than the default file). */
  isDatabaseNamed: boolean;
};

/** The server's settings from the environment; throws one line per bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable counts as unset, as shells and CI files often leave them.
  const set = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const result = checkedSchema.safeParse(set);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new Error(`invalid environment: ${lines.join("; ")}`);
  }
  const { SITE_URL, SEED_DEMO, ...rest } = result.data;
  if (rest.SYNC_EVERY !== undefined && rest.SYNC_SETTINGS === undefined)
    throw new Error(
      "invalid environment: SYNC_EVERY: needs SYNC_SETTINGS (the sync's settings file)",
    );
  const host = rest.HOST.includes(":") ? `[${rest.HOST}]` : rest.HOST;
  const isDatabaseNamed = set.DATABASE_URL !== undefined;
  return {
    ...rest,
    SITE_URL: (SITE_URL ?? `http://${host}:${rest.PORT}`).replace(/\/$/, ""),
    SEED_DEMO: SEED_DEMO ?? !isDatabaseNamed,
    isDatabaseNamed,
  };
}
