import { describe, expect, it } from "vitest";
import { discover } from "./discover.ts";

const SITE = "https://www.firm.example";
const none = new Set<string>();

describe("what a kept reply leads to", () => {
  it("finds a page's links, next pages and feeds on the site, and no other site's", () => {
    const html = `<!doctype html><html><head>
      <link rel="alternate" type="application/atom+xml" href="${SITE}/feeds/transactions.xml">
      <link rel="canonical" href="${SITE}/services/x">
      </head><body>
      <a href="/services/x/transactions">deals</a>
      <a class="pager__step" href="/services/x/transactions?page=2" rel="next">Next</a>
      <a href="https://elsewhere.example/a">away</a>
      <a href="/private" rel="nofollow">no</a>
      <a href="#main">skip</a><a href="mailto:a@b.example">mail</a>
      </body></html>`;
    expect(discover(`${SITE}/services/x`, "text/html", html, none).pages).toEqual([
      "/feeds/transactions.xml",
      "/services/x/transactions",
      "/services/x/transactions?page=2",
    ]);
  });

  it("finds the assets a page uses: styles, scripts, islands, images, fonts, icons", () => {
    const html = `<html><head>
      <link rel="preload" href="/_astro/font.woff2" as="font">
      <link rel="stylesheet" href="/_astro/site.css"><link rel="icon" href="/favicon.svg">
      <meta property="og:image" content="${SITE}/share.png">
      <style>.a{background:url('/images/bg.webp')}</style>
      <script type="module" src="/_astro/page.js"></script></head><body>
      <astro-island component-url="/_astro/Header.js" renderer-url="/_astro/client.js"></astro-island>
      <picture><source srcset="/images/ab12.avif 1x, /images/ab12@2x.avif 2x">
      <img src="/images/ab12.jpg" srcset="/images/ab12-640.jpg 640w" style="background:url(/images/x.png)"></picture>
      <noscript><link rel="stylesheet" href="/nojs.css"></noscript>
      </body></html>`;
    expect(new Set(discover(`${SITE}/`, "text/html; charset=utf-8", html, none).assets)).toEqual(
      new Set([
        "/_astro/font.woff2",
        "/_astro/site.css",
        "/favicon.svg",
        "/share.png",
        "/images/bg.webp",
        "/_astro/page.js",
        "/_astro/Header.js",
        "/_astro/client.js",
        "/images/ab12.avif",
        "/images/ab12@2x.avif",
        "/images/ab12.jpg",
        "/images/ab12-640.jpg",
        "/images/x.png",
        "/nojs.css",
      ]),
    );
  });

  it("finds a widget's placeholder with its attributes", () => {
    const html = `<div id="historicaltransactions" data-deal-url="/transactions/{UrlName}"></div><div id="other"></div>`;
    expect(
      discover(`${SITE}/transactions`, "text/html", html, new Set(["historicaltransactions"]))
        .widgets,
    ).toEqual([
      {
        id: "historicaltransactions",
        attributes: { id: "historicaltransactions", "data-deal-url": "/transactions/{UrlName}" },
      },
    ]);
  });

  it("finds every address a sitemap or a feed lists", () => {
    const sitemap = `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
      <url><loc>${SITE}/</loc></url><url><loc> ${SITE}/transactions/a </loc></url>
      <url><loc>https://other.example/x</loc></url></urlset>`;
    expect(discover(`${SITE}/sitemap.xml`, "application/xml", sitemap, none).pages).toEqual([
      "/",
      "/transactions/a",
    ]);
    const feed = `<feed xmlns="http://www.w3.org/2005/Atom"><link rel="self" href="${SITE}/feeds/t.xml"/>
      <entry><link href="${SITE}/transactions/b"/></entry></feed>`;
    expect(discover(`${SITE}/feeds/t.xml`, "application/atom+xml", feed, none).pages).toEqual([
      "/feeds/t.xml",
      "/transactions/b",
    ]);
  });

  it("finds a stylesheet's fonts and imports, and shrugs at CSS it cannot read", () => {
    const css = `@import "/_astro/base.css";@font-face{src:url(/_astro/f.woff2) format("woff2")}`;
    expect(discover(`${SITE}/_astro/site.css`, "text/css", css, none).assets).toEqual([
      "/_astro/base.css",
      "/_astro/f.woff2",
    ]);
    expect(discover(`${SITE}/a.css`, "text/css", "a{{{", none).assets).toEqual([]);
  });

  it("leads nowhere from a script, an image or JSON", () => {
    expect(discover(`${SITE}/a.js`, "text/javascript", 'import "/b.js"', none)).toEqual({
      pages: [],
      assets: [],
      widgets: [],
    });
  });
});
