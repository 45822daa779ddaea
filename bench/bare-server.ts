import { readFileSync, writeFileSync } from "node:fs";
import { createServer, type OutgoingHttpHeaders } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { forkServer } from "./fork-server.ts";

/** A reply to replay: status, headers and body bytes. */
export interface Sample {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

// Headers Node writes itself per connection; everything else is sent exactly as sampled.
const PER_CONNECTION = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);

/**
 * A bare node:http server, in its own process (so it does not share the load generator's event
 * loop), that answers every request with the sampled bytes and headers: the baseline of a ratio.
 */
export async function startBareServer(
  sample: Sample,
): Promise<{ url: string; stop(): Promise<void> }> {
  const file = join(tmpdir(), `bare-sample-${process.pid}-${Date.now()}.json`);
  const headers = Object.fromEntries(
    Object.entries(sample.headers).filter(([n]) => !PER_CONNECTION.has(n)),
  );
  writeFileSync(
    file,
    JSON.stringify({ status: sample.status, headers, body: sample.body.toString("base64") }),
  );
  return forkServer(fileURLToPath(import.meta.url), ["--serve", file]);
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === "--serve") {
  const saved = JSON.parse(readFileSync(process.argv[3]!, "utf8")) as {
    status: number;
    headers: OutgoingHttpHeaders;
    body: string;
  };
  const body = Buffer.from(saved.body, "base64");
  const server = createServer((_req, res) => {
    res.writeHead(saved.status, saved.headers);
    res.end(body);
  });
  server.listen(0, "127.0.0.1", () => {
    const address = server.address();
    process.send?.(`http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`);
  });
  process.once("SIGTERM", () => server.close(() => process.exit(0)));
}
