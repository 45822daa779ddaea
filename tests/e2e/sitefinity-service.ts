import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { ContentFile } from "../../src/content/content-file.ts";
import { answerList, type ODataAnswer } from "../../src/widgets/shared/test-odata.ts";

// A stand-in for the firm's real Sitefinity web services, built from Sitefinity's documented
// behaviour (issue 12): a service at its own route (`/api/firm`) on its own origin, the deals in a
// dynamic type's set under another name, taxonomies named "Industries" and "Tags", classification
// fields only when `$select` names them, dates with 3 and with 7 fractional digits (a London
// editor's midnights as UTC instants), server paging with an absolute `@odata.nextLink` every 50
// rows, CORS for the allowed origins, and a second service (`/api/members`) that refuses anonymous
// callers with 401. Only what the widgets send is understood; anything else is a 501, so a widget
// that asks differently fails loudly here rather than passing by luck.

export const SERVICE_ROUTE = "/api/firm";
export const PRIVATE_ROUTE = "/api/members";
export const DEALS_SET = "pasttransactions";
export const INDUSTRIES_FIELD = "Industries";
export const PAGE_SIZE = 50;
export const TIME_ZONE = "Europe/London";

type Row = Record<string, unknown>;

/**
 * London's offset from UTC in hours on a day (`YYYY-MM-DD`), from the EU rule written out on its
 * own: summer time from the last Sunday of March to the last Sunday of October.
 */
export function londonOffsetHours(day: string): number {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const lastSunday = (m: number) => {
    const last = new Date(Date.UTC(year, m, 0));
    return last.getUTCDate() - last.getUTCDay();
  };
  if (month < 3 || month > 10) return 0;
  if (month > 3 && month < 10) return 1;
  return month === 3 ? (date > lastSunday(3) ? 1 : 0) : date < lastSunday(10) ? 1 : 0;
}

/**
 * The close date an editor in London picked (`YYYY-MM-DD`) as Sitefinity stores it: the UTC
 * instant of that midnight, in one of the forms Sitefinity writes (3 or 7 fractional digits, or
 * none), and now and then with a time of day that keeps the London day.
 */
export function londonMidnight(day: string, variant: number): string {
  const instant = new Date(`${day}T00:00:00Z`).getTime() - londonOffsetHours(day) * 3_600_000;
  const iso = new Date(instant).toISOString(); // always .sssZ
  switch (variant % 4) {
    case 0:
      return iso;
    case 1:
      return iso.replace(".000Z", ".0000000Z");
    case 2:
      return iso.replace(".000Z", "Z");
    default:
      return new Date(instant + 9 * 3_600_000).toISOString().replace(".000Z", ".1234567Z");
  }
}

/** The service's sets from our content: the same deals and taxa, shaped as the firm's Sitefinity has them. */
export function sitefinitySets(content: ContentFile): Record<string, Row[]> {
  const industriesId = content.taxonomies.find((t) => t.Type === 1)?.Id;
  return {
    taxonomies: content.taxonomies.map((t) => ({
      ...t,
      Name: t.Id === industriesId ? "Industries" : t.Name,
    })),
    "hierarchy-taxa": content.hierarchyTaxa,
    "flat-taxa": content.flatTaxa,
    [DEALS_SET]: content.transactions.map(({ industries, Date: date, ...deal }, i) => ({
      ...deal,
      // The content's dates are UTC midnights of the close day: the day the London editor picked.
      Date: londonMidnight(date.slice(0, 10), i),
      [INDUSTRIES_FIELD]: industries,
    })),
  };
}

function send(response: ServerResponse, status: number, body: unknown, origin: string | null) {
  response.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "odata-version": "4.0",
    ...(origin ? { "access-control-allow-origin": origin, vary: "Origin" } : {}),
  });
  response.end(JSON.stringify(body));
}

/** What the service answers for one request: 401 on the private service, else the list. */
function answer(
  request: IncomingMessage,
  origin: string,
  sets: Record<string, Row[]>,
): ODataAnswer {
  const url = new URL(request.url ?? "/", origin);
  if (url.pathname.startsWith(`${PRIVATE_ROUTE}/`)) {
    return {
      status: 401,
      body: {
        error: { code: "Unauthorized", message: "Authorization has been denied for this request." },
      },
    };
  }
  return answerList(url, {
    base: `${origin}${SERVICE_ROUTE}`,
    sets,
    classificationFields: [INDUSTRIES_FIELD, "Tags"],
    pageSize: PAGE_SIZE,
  });
}

export interface SitefinityService {
  /** `http://localhost:PORT`: another origin than the site's `127.0.0.1` and the host page's. */
  origin: string;
  /** Every request it was sent, as `METHOD path?query` (decoded). */
  requests: string[];
  close(): Promise<void>;
}

/** Starts the service; `allowedOrigins` get CORS headers, as the service's allow-list in Sitefinity. */
export async function startSitefinityService(
  content: ContentFile,
  allowedOrigins: () => readonly string[],
): Promise<SitefinityService> {
  const sets = sitefinitySets(content);
  const requests: string[] = [];
  let origin = "";
  const server = createServer((request, response) => {
    requests.push(`${request.method} ${decodeURIComponent(request.url ?? "")}`);
    const from = request.headers.origin ?? null;
    const allowed = from !== null && allowedOrigins().includes(from) ? from : null;
    if (request.method === "OPTIONS") {
      response.writeHead(204, {
        ...(allowed
          ? { "access-control-allow-origin": allowed, "access-control-allow-headers": "Accept" }
          : {}),
      });
      response.end();
      return;
    }
    const { status, body } = answer(request, origin, sets);
    send(response, status, body, allowed);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  origin = `http://localhost:${typeof address === "object" && address ? address.port : 0}`;
  return {
    origin,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
