/** One shared cache the site purges by tag: how it is asked, and how many tags one call may carry. */
export interface PurgeTarget {
  /** For logs, metrics and /readyz: the kind and, for Varnish, the instance; never a secret. */
  readonly name: string;
  readonly maxTags: number;
  /** Sends one call; throws an Error whose message holds no secret when the cache did not confirm it. */
  send(tags: readonly string[], signal: AbortSignal): Promise<void>;
}

/** Thrown for a reply that is not a success; its message is the status only, never the body. */
class RefusedError extends Error {
  override name = "RefusedError";
}

async function expectSuccess(reply: Response) {
  // Drained so that the connection can be reused; the body is the cache's, not ours to log.
  await reply.arrayBuffer().catch(() => undefined);
  if (!reply.ok) throw new RefusedError(`HTTP ${reply.status}`);
}

/**
 * A Varnish instance running deploy/varnish.vcl: `PURGE /` with the tags in `xkey-purge`, which
 * the VCL hands to the xkey vmod. A hundred tags of about 40 bytes keep the request's head well
 * under Varnish's 8 KiB `http_req_hdr_len`.
 */
export function varnishTarget(baseUrl: string): PurgeTarget {
  const url = new URL(baseUrl);
  return {
    name: `varnish ${url.host}`,
    maxTags: 100,
    async send(tags, signal) {
      const reply = await fetch(new URL("/", url), {
        method: "PURGE",
        headers: { "xkey-purge": tags.join(" ") },
        signal,
      });
      await expectSuccess(reply);
    },
  };
}

/**
 * Fastly's purge of many surrogate keys in one call (`POST /service/{id}/purge`), which takes
 * "up to 256 surrogate keys … in one batch request" (Fastly API reference, Purging: "Purge
 * multiple surrogate key tags").
 */
export function fastlyTarget(apiUrl: string, serviceId: string, token: string): PurgeTarget {
  const url = apiAddress(apiUrl, "service", serviceId, "purge");
  return {
    name: "fastly",
    maxTags: 256,
    async send(tags, signal) {
      const reply = await postJson(url, { "fastly-key": token }, { surrogate_keys: tags }, signal);
      await expectSuccess(reply);
    },
  };
}

/**
 * Cloudflare's purge by cache tag (`POST /zones/{zone}/purge_cache` with `{"tags": [...]}`). Its
 * API reference says "You may purge up to 30 tags, hosts, or prefixes in one API call" (Cache,
 * "Purge Cached Content by Tag, Host or Prefix"); the newer purge page allows 100 operations a
 * request. 30 keeps within both. A reply of 200 can still say `"success": false`.
 */
export function cloudflareTarget(apiUrl: string, zoneId: string, token: string): PurgeTarget {
  const url = apiAddress(apiUrl, "zones", zoneId, "purge_cache");
  return {
    name: "cloudflare",
    maxTags: 30,
    async send(tags, signal) {
      const reply = await postJson(url, { authorization: `Bearer ${token}` }, { tags }, signal);
      if (!reply.ok) return expectSuccess(reply);
      const body = (await reply.json().catch(() => null)) as { success?: unknown } | null;
      if (body?.success !== true) throw new RefusedError(`HTTP ${reply.status} without success`);
    },
  };
}

/** An address in a CDN's API: its base without a trailing slash, the account's id encoded. */
function apiAddress(apiUrl: string, collection: string, id: string, action: string) {
  return `${apiUrl.replace(/\/+$/, "")}/${collection}/${encodeURIComponent(id)}/${action}`;
}

/** A CDN API call: `body` POSTed as JSON, with the header that carries the token. */
function postJson(
  url: string,
  credential: Record<string, string>,
  body: unknown,
  signal: AbortSignal,
): Promise<Response> {
  return fetch(url, {
    method: "POST",
    headers: { ...credential, "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(body),
    signal,
  });
}
