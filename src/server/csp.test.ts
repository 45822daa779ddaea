import { describe, expect, it } from "vitest";
import { mergeCsp } from "./csp.ts";

describe("mergeCsp", () => {
  it("puts the page's script and style hashes in and keeps the site's other directives", () => {
    const site = "default-src 'self';script-src 'self';style-src 'self';frame-ancestors 'self'";
    const page = "script-src 'self' 'sha256-abc='; style-src 'self' 'sha256-def=';";
    expect(mergeCsp(site, page)).toBe(
      "default-src 'self'; script-src 'self' 'sha256-abc='; style-src 'self' 'sha256-def='; frame-ancestors 'self'",
    );
  });

  it("keeps a directive with no sources and ignores empty parts", () => {
    expect(mergeCsp("upgrade-insecure-requests;;", "")).toBe("upgrade-insecure-requests");
  });
});
