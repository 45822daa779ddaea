import { createServer } from "node:http";

/**
 * Serves `html` as the page at `/` (any query string) of a throwaway `node:http` server on a free
 * 127.0.0.1 port: another origin than the site's, as the page of another system that embeds a
 * widget through `<script type="module" src="${site}/embed.js">`. Every other path is a 404.
 */
export async function serveHostPage(
  html: string,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const { pathname } = new URL(request.url ?? "/", "http://host.invalid");
    if (pathname !== "/" || (request.method !== "GET" && request.method !== "HEAD")) {
      response.writeHead(404, { "content-type": "text/plain" }).end("Not found");
      return;
    }
    response.writeHead(200, {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
    });
    response.end(request.method === "HEAD" ? undefined : html);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("host page: no port");
  return {
    url: `http://127.0.0.1:${address.port}/`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
