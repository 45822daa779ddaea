import { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import helmet from "helmet";
import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";
import { headersSetBy, securityHeaders } from "./security.ts";

/** What helmet sets on a real response, as it would per request. */
function headersOnResponse(middleware: ReturnType<typeof helmet>) {
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  response.setHeader("x-powered-by", "a framework");
  middleware(request, response, (error?: unknown) => {
    if (error) throw error;
  });
  return Object.fromEntries(
    Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]),
  );
}

describe("security headers", () => {
  it.each([
    ["helmet's defaults", {}],
    [
      "the site's kind of options",
      {
        contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'self'"] } },
        strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
        crossOriginEmbedderPolicy: false,
      },
    ],
  ])("worked out once, they are what helmet sets on each response (%s)", (_name, options) => {
    expect(headersSetBy(helmet(options))).toEqual(headersOnResponse(helmet(options)));
  });

  it("add CORS for the API only, and take images from this site alone", () => {
    const headersFor = securityHeaders(loadConfig({}));
    const page = headersFor("/topics");
    const api = headersFor("/api/default/transactions");
    expect(page["access-control-allow-origin"]).toBeUndefined();
    expect(api["access-control-allow-origin"]).toBe("*");
    const csp = page["content-security-policy"] ?? "";
    expect(csp).toMatch(/(^|;\s*)img-src 'self'(;|$)/);
    expect(page["permissions-policy"]).toContain("camera=()");
  });
});
