import { describe, expect, it } from "vitest";
import { emailShareHref, linkedInShareHref } from "./share-links.ts";

describe("share links", () => {
  const url = "https://example.com/articles/m&a-outlook?x=1#top";

  it.each([
    ["Plain title", "mailto:?subject=Plain%20title"],
    ["Q&A: deals + debt?", "mailto:?subject=Q%26A%3A%20deals%20%2B%20debt%3F"],
    ["Équipe & Co", "mailto:?subject=%C3%89quipe%20%26%20Co"],
  ])("encodes the title %j as the email subject", (title, start) => {
    expect(emailShareHref(title, url).startsWith(`${start}&body=`)).toBe(true);
  });

  it("puts the encoded page address in the email body", () => {
    const href = emailShareHref("T", url);
    expect(href).toBe(
      "mailto:?subject=T&body=https%3A%2F%2Fexample.com%2Farticles%2Fm%26a-outlook%3Fx%3D1%23top",
    );
    expect(decodeURIComponent(href.split("&body=")[1] ?? "")).toBe(url);
  });

  it("encodes the page address for LinkedIn", () => {
    expect(linkedInShareHref(url)).toBe(
      "https://www.linkedin.com/sharing/share-offsite/?url=https%3A%2F%2Fexample.com%2Farticles%2Fm%26a-outlook%3Fx%3D1%23top",
    );
  });
});
