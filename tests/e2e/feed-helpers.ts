import type { APIRequestContext, Page } from "@playwright/test";
import { parseAtomFeed } from "feedsmith";
import { expect } from "./fixtures.ts";

/** A feed as feedsmith (a parser we did not write) reads it, dates as written. */
export const readFeed = (xml: string) => parseAtomFeed(xml);
export type ParsedFeed = ReturnType<typeof readFeed>;

/** Fetches a feed, checks it is served as Atom, and reads it; also returns its text. */
export async function fetchFeed(request: APIRequestContext, url: string) {
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  expect(response.headers()["content-type"], url).toBe("application/atom+xml; charset=utf-8");
  const xml = await response.text();
  return { response, xml, feed: readFeed(xml) };
}

/**
 * Reads the XML with the browser's strict parser (the one a browser opening the feed uses):
 * the parser's message when it is not well-formed, else the root's name and namespace.
 */
export function strictlyParsed(page: Page, xml: string) {
  return page.evaluate((text) => {
    const document = new DOMParser().parseFromString(text, "application/xml");
    const error = document.querySelector("parsererror");
    if (error) return { error: error.textContent };
    const root = document.documentElement;
    return { root: root.localName, namespace: root.namespaceURI };
  }, xml);
}

/** The href of an entry's or feed's link with this rel (alternate when none is written). */
export function linkOf(item: Pick<ParsedFeed, "links">, rel = "alternate") {
  return item.links?.find((l) => (l.rel ?? "alternate") === rel)?.href;
}

/** One of the site's API lists, as `{value}`. */
export async function apiList<T>(request: APIRequestContext, url: string): Promise<T[]> {
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  return ((await response.json()) as { value: T[] }).value;
}
