import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";

describe("the sync's settings in the environment", () => {
  it.each([
    ["30s", 30_000],
    ["5m", 300_000],
    ["1h", 3_600_000],
    [" 2 m ", 120_000],
  ])("SYNC_EVERY=%j is %d ms", (every, ms) => {
    expect(loadConfig({ SYNC_SETTINGS: "sync.json", SYNC_EVERY: every }).SYNC_EVERY).toBe(ms);
  });

  it("schedules nothing without SYNC_EVERY, even with SYNC_SETTINGS", () => {
    expect(loadConfig({ SYNC_SETTINGS: "sync.json" }).SYNC_EVERY).toBeUndefined();
  });

  it.each(["5", "0s", "25h", "5 minutes", "-1m"])("refuses SYNC_EVERY=%j, naming it", (every) => {
    expect(() => loadConfig({ SYNC_SETTINGS: "sync.json", SYNC_EVERY: every })).toThrow(
      /SYNC_EVERY: a time from 1s to 24h/,
    );
  });

  it("refuses SYNC_EVERY without SYNC_SETTINGS", () => {
    expect(() => loadConfig({ SYNC_EVERY: "5m" })).toThrow(/SYNC_EVERY: needs SYNC_SETTINGS/);
  });

  it("reads the access key with the other settings, an empty one as none", () => {
    expect(loadConfig({ SITEFINITY_ACCESS_KEY: "k-5c3e" }).SITEFINITY_ACCESS_KEY).toBe("k-5c3e");
    expect(loadConfig({ SITEFINITY_ACCESS_KEY: "" }).SITEFINITY_ACCESS_KEY).toBeUndefined();
    expect(loadConfig({}).SITEFINITY_ACCESS_KEY).toBeUndefined();
  });
});

describe("the defaults a site ships with", () => {
  it("runs the libraries' production builds unless NODE_ENV says otherwise", () => {
    expect(loadConfig({}).NODE_ENV).toBe("production");
    expect(loadConfig({ NODE_ENV: "development" }).NODE_ENV).toBe("development");
    expect(() => loadConfig({ NODE_ENV: "prod" })).toThrow(/NODE_ENV/);
  });

  it("cuts slow and idle clients after 10 s for a request head, 30 s for a request, 72 s idle", () => {
    const config = loadConfig({});
    expect(config.HEADERS_TIMEOUT_MS).toBe(10_000);
    expect(config.REQUEST_TIMEOUT_MS).toBe(30_000);
    expect(config.KEEP_ALIVE_TIMEOUT_MS).toBe(72_000);
  });
});

describe("the shared caches to purge", () => {
  it("reads VARNISH_URLS as a list of base URLs", () => {
    expect(
      loadConfig({ VARNISH_URLS: "http://10.0.0.5:6081, https://cache.example/ " }).VARNISH_URLS,
    ).toEqual(["http://10.0.0.5:6081", "https://cache.example"]);
    expect(loadConfig({}).VARNISH_URLS).toBeUndefined();
  });

  it.each(["10.0.0.5:6081", "ftp://cache.example", ",", "http://a.example, nope"])(
    "refuses VARNISH_URLS=%j, naming it",
    (urls) => {
      expect(() => loadConfig({ VARNISH_URLS: urls })).toThrow(/VARNISH_URLS: http\(s\) URLs/);
    },
  );

  it.each([
    [{ FASTLY_SERVICE_ID: "svc" }, /FASTLY_API_TOKEN: must be set with FASTLY_SERVICE_ID/],
    [{ FASTLY_API_TOKEN: "t" }, /FASTLY_SERVICE_ID: must be set with FASTLY_API_TOKEN/],
    [{ CLOUDFLARE_ZONE_ID: "z" }, /CLOUDFLARE_API_TOKEN: must be set with CLOUDFLARE_ZONE_ID/],
    [{ CLOUDFLARE_API_TOKEN: "t" }, /CLOUDFLARE_ZONE_ID: must be set with CLOUDFLARE_API_TOKEN/],
  ])("refuses half of a CDN's pair: %j", (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it("takes both of a pair, with the APIs' own addresses unless told otherwise", () => {
    const config = loadConfig({ FASTLY_SERVICE_ID: "svc", FASTLY_API_TOKEN: "t" });
    expect(config.FASTLY_API_URL).toBe("https://api.fastly.com");
    expect(config.CLOUDFLARE_API_URL).toBe("https://api.cloudflare.com/client/v4");
  });
});
