import type { Config } from "../config.ts";
import { purgerFor, type Purger, type PurgerOptions } from "./purger.ts";
import { cloudflareTarget, fastlyTarget, varnishTarget, type PurgeTarget } from "./targets.ts";

export type { Purger } from "./purger.ts";

/** The purger of every shared cache the settings name, or null when they name none. */
export function createPurger(config: Config, options: PurgerOptions): Purger | null {
  const targets: PurgeTarget[] = (config.VARNISH_URLS ?? []).map(varnishTarget);
  if (config.FASTLY_SERVICE_ID && config.FASTLY_API_TOKEN)
    targets.push(
      fastlyTarget(config.FASTLY_API_URL, config.FASTLY_SERVICE_ID, config.FASTLY_API_TOKEN),
    );
  if (config.CLOUDFLARE_ZONE_ID && config.CLOUDFLARE_API_TOKEN)
    targets.push(
      cloudflareTarget(
        config.CLOUDFLARE_API_URL,
        config.CLOUDFLARE_ZONE_ID,
        config.CLOUDFLARE_API_TOKEN,
      ),
    );
  return targets.length === 0 ? null : purgerFor(targets, options);
}
