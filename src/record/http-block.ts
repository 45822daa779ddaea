import { STATUS_CODES } from "node:http";

// A reply's status line and headers as one block of text, as HTTP/1.1 writes them and a WARC
// response record holds them: kept as a payload of its own (by digest, so the same headers are
// stored once), and read back for `archive show --head` and the export.

/** A status line and headers, in the order the site sent them. */
export interface HttpHead {
  status: number;
  reason: string;
  headers: [string, string][];
}

/** The block for a reply: `HTTP/1.1 200 OK`, then one `name: value` line per header. */
export function headBlock(status: number, headers: Readonly<Record<string, string>>): string {
  const lines = [`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? "Unknown"}`];
  for (const [name, value] of Object.entries(headers))
    lines.push(`${name}: ${value.replace(/[\r\n]+/g, " ")}`);
  return `${lines.join("\r\n")}\r\n`;
}

/** A block read back. */
export function parseHeadBlock(block: string): HttpHead {
  const [statusLine = "", ...lines] = block.split("\r\n").filter((line) => line !== "");
  const match = /^HTTP\/1\.1 (\d{3}) ?(.*)$/.exec(statusLine);
  return {
    status: match ? Number(match[1]) : 0,
    reason: match?.[2] ?? "",
    headers: lines.map((line) => {
      const colon = line.indexOf(":");
      return [line.slice(0, colon), line.slice(colon + 1).trim()] as [string, string];
    }),
  };
}
