import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";

/** How long the islands' scripts are held: past WebKit's ~1 s window for a press to count. */
export const SCRIPT_DELAY_MS = 2000;

/**
 * A proxy in front of the site that holds the islands' scripts (`/_astro/*.js`) until
 * SCRIPT_DELAY_MS after the last page it served, and forbids caching them, so a page opened
 * through it shows its controls well before they hydrate, in any engine and on every visit: the
 * window where a press must not be lost. (Holding each script instead would add up along the
 * chain of imports.) Everything else passes through unchanged.
 */
export async function startSlowScripts(site: string) {
  const target = new URL(site);
  let releaseAt = 0;
  const server = createServer((incoming, outgoing) => {
    const isScript = /^\/_astro\/[^?]+\.js(\?|$)/.test(incoming.url ?? "");
    if (incoming.headers.accept?.includes("text/html")) releaseAt = Date.now() + SCRIPT_DELAY_MS;
    const forward = () => {
      const upstream = request(
        {
          host: target.hostname,
          port: target.port,
          path: incoming.url,
          method: incoming.method,
          headers: { ...incoming.headers, host: target.host },
        },
        (reply) => {
          const headers = { ...reply.headers };
          if (isScript) headers["cache-control"] = "no-store";
          outgoing.writeHead(reply.statusCode ?? 502, headers);
          reply.pipe(outgoing);
        },
      );
      upstream.on("error", () => outgoing.destroy());
      incoming.pipe(upstream);
    };
    if (isScript) setTimeout(forward, Math.max(0, releaseAt - Date.now()));
    else forward();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
