import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, type LogEvent } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sqlitePath, type Db } from "../../../db/connect.ts";
import { generateContent } from "../../../db/demo/generate.ts";
import { readContent, replaceContent } from "../../../db/repositories/content-repository.ts";
import { ALL, changeTags, DEALS, dealTag, TAXA } from "../../../rules/cache-tags.ts";
import type { Database } from "../../../db/schema.ts";
import { buildApiApp, get } from "../../../../tests/helpers/api-app.ts";

type Deal = Awaited<ReturnType<typeof readContent>>["transactions"][number];

// The app reads through a Kysely that logs every query it runs on the entity tables.
const queries: string[] = [];
function loggingDb(url: string): Db {
  const log = (event: LogEvent) => {
    if (!event.query.sql.includes("content_meta")) queries.push(event.query.sql);
  };
  const path = sqlitePath(url);
  const pool = path === null ? new pg.Pool({ connectionString: url }) : null;
  // As the site's own pool does: an idle client's end (the test database dropped) is no error.
  pool?.on("error", () => {});
  const kysely =
    pool !== null
      ? new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log })
      : new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(path!) }), log });
  const dialect = path === null ? "postgres" : "sqlite";
  return { kysely, dialect, location: path ?? "postgres", close: () => kysely.destroy() };
}

let api: Awaited<ReturnType<typeof buildApiApp>>;
beforeAll(async () => {
  api = await buildApiApp({ db: loggingDb });
});
afterAll(() => api.close());

/** The queries one request ran, and its reply. */
async function run(url: string, headers: Record<string, string> = {}) {
  queries.length = 0;
  const response = await get(api.app, url, headers);
  expect(response.status).toBe(200);
  return { response, queries: [...queries] };
}

describe("the reply cache", () => {
  const url = "/api/default/transactions?$orderby=Date%20desc&$count=true";

  it("answers a repeated call without touching the database", async () => {
    const first = await run(url);
    expect(first.queries.length).toBeGreaterThan(0);
    const second = await run(url);
    expect(second.queries).toEqual([]);
    expect(second.response.text).toBe(first.response.text);
    expect(second.response.headers.etag).toBe(first.response.headers.etag);
  });

  it("shares an entry between addresses that ask the same thing", async () => {
    await run(url);
    const same = [
      "/api/default/transactions?$count=true&$orderby=Date desc&sf_culture=en",
      "/api/default/transactions?$orderby=Date+desc&$count=true&sf_provider=x&sf_site=y",
    ];
    for (const other of same) expect((await run(other)).queries).toEqual([]);
    expect((await run(url, { "accept-encoding": "br" })).queries).toEqual([]);
  });

  it("reads once for many simultaneous first calls", async () => {
    queries.length = 0;
    const path = "/api/default/transactions?$orderby=Company&$top=7";
    const replies = await Promise.all(Array.from({ length: 8 }, () => get(api.app, path)));
    expect(new Set(replies.map((r) => r.text)).size).toBe(1);
    expect(queries).toHaveLength(1);
  });

  it("caches /$count too", async () => {
    await run("/api/default/articles/$count");
    expect((await run("/api/default/articles/$count")).queries).toEqual([]);
  });

  it("drops every entry when an import changes the content", async () => {
    const before = await run(url);
    const revision = await replaceContent(
      api.db,
      generateContent({ transactions: 12, articles: 3, seed: 7 }),
    );
    // On PostgreSQL the import's notification may have reached the site already.
    await api.state.refresh();
    expect(api.state.revision).toBe(revision);
    const after = await run(url);
    expect(after.queries.length).toBeGreaterThan(0);
    expect(after.response.body["@odata.count"]).toBe(12);
    expect(after.response.headers.etag).not.toBe(before.response.headers.etag);
    expect((await run("/api/default/articles/$count")).response.text).toBe("3");
  });

  it("names what each reply shows, and drops only the replies a change touched", async () => {
    const { transactions, taxonomies } = await readContent(api.db);
    const [one, other] = transactions as [Deal, Deal];
    const byId = (id: string) => `/api/default/transactions?$filter=Id eq ${id}`;
    const tagsOf = async (address: string) =>
      String((await run(address)).response.headers["surrogate-key"]).split(" ");
    expect(await tagsOf("/api/default/transactions?$top=5")).toEqual([ALL, DEALS]);
    expect(await tagsOf(byId(one.Id))).toEqual([ALL, dealTag(one.Id)]);
    expect(await tagsOf(byId(other.Id))).toEqual([ALL, dealTag(other.Id)]);
    expect(await tagsOf(`/api/default/taxonomies?$filter=Id eq ${taxonomies[0]!.Id}`)).toEqual([
      ALL,
      TAXA,
    ]);
    // One deal changed: the lists and that deal's own replies go, the other deal's stays.
    const content = await readContent(api.db);
    content.transactions[0]!.Company = "Changed Company";
    await replaceContent(api.db, content, {
      tags: changeTags({
        deals: [{ after: { Id: one.Id, groupId: null, Date: one.Date, Service: null } }],
        articles: [],
      }),
    });
    await api.state.refresh();
    expect((await run(byId(other.Id))).queries).toEqual([]);
    expect((await run(byId(one.Id))).queries.length).toBeGreaterThan(0);
    expect((await run("/api/default/transactions?$top=5")).queries.length).toBeGreaterThan(0);
  });
});
