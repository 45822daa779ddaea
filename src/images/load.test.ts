import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseContentFile } from "../content/content-file.ts";
import { generateContent } from "../db/demo/generate.ts";
import { startSitefinityService, type SitefinityService } from "../../tools/sitefinity-service.ts";
import { imageLoader, isImageAddress } from "./load.ts";

const MB = 1024 * 1024;
let service: SitefinityService;
let other: Server;
let otherOrigin: string;
let folder: string;

beforeAll(async () => {
  const content = parseContentFile(generateContent({ transactions: 3, articles: 1 }));
  if (!content.ok) throw new Error(content.problems.join("\n"));
  service = await startSitefinityService(content.content);
  // Another origin: one address redirects to the service, one never answers.
  let resets = 0;
  other = createServer((request, response) => {
    // A connection the server drops as the request arrives: once, then always.
    if (request.url === "/reset-once" && resets++ === 0) return void request.socket.destroy();
    if (request.url === "/reset-always") return void request.socket.destroy();
    if (request.url === "/reset-once") return void response.end("picture bytes");
    if (request.url === "/moved")
      response.writeHead(302, { location: `${service.origin}/images/a.png` }).end();
    if (request.url === "/away")
      response.writeHead(301, { location: `${otherOrigin}/moved` }).end();
  });
  await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
  const address = other.address();
  otherOrigin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  folder = mkdtempSync(join(tmpdir(), "site-images-"));
  mkdirSync(join(folder, "people"));
  writeFileSync(join(folder, "people", "ada.jpg"), "bytes of a photograph");
  writeFileSync(join(folder, "..", "outside-site-images.jpg"), "not beside the content file");
});
afterAll(async () => {
  await service.close();
  other.closeAllConnections();
  await new Promise((resolve) => other.close(resolve));
  rmSync(folder, { recursive: true, force: true });
});

describe("an image URL", () => {
  it("is fetched from an allowed origin, whatever its query", async () => {
    const load = imageLoader({ origins: [service.origin] });
    const loaded = await load(`${service.origin}/images/default-source/a.png?sfvrsn=4`);
    expect(loaded.ok && loaded.bytes.subarray(1, 4).toString()).toBe("PNG");
  });

  it("that answers 404 is refused with its status", async () => {
    service.serveImage("/images/gone.jpg", { status: 404 });
    const load = imageLoader({ origins: [service.origin] });
    expect(await load(`${service.origin}/images/gone.jpg?sfvrsn=1`)).toEqual({
      ok: false,
      reason: "it answered 404 Not Found",
    });
  });

  it("over 20 MB is refused, and its download stops there, with no Content-Length to warn", async () => {
    service.serveImage("/images/huge.jpg", { streamedBytes: 64 * MB });
    const load = imageLoader({ origins: [service.origin] });
    expect(await load(`${service.origin}/images/huge.jpg`)).toEqual({
      ok: false,
      reason: "it is larger than 20 MB",
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(service.imageBytesSent("/images/huge.jpg")).toBeLessThan(40 * MB);
  });

  it("on another origin is refused without a request; so is a redirect that leads there", async () => {
    const load = imageLoader({ origins: [otherOrigin] });
    const before = service.requests.length;
    expect(await load(`${service.origin}/images/a.png`)).toEqual({
      ok: false,
      reason: `it is on ${service.origin}, not on ${otherOrigin}`,
    });
    expect(await load(`${otherOrigin}/away`)).toEqual({
      ok: false,
      reason: `it is on ${service.origin}, not on ${otherOrigin}`,
    });
    expect(service.requests.length).toBe(before);
    const anywhere = await imageLoader({ origins: "any" })(`${otherOrigin}/away`);
    expect(anywhere.ok).toBe(true);
  });

  it("whose connection drops is asked once more, and refused when it drops again", async () => {
    const load = imageLoader({ origins: [otherOrigin] });
    const again = await load(`${otherOrigin}/reset-once`);
    expect(again.ok && again.bytes.toString()).toBe("picture bytes");
    const refused = await load(`${otherOrigin}/reset-always`);
    expect(refused.ok ? "" : refused.reason).toMatch(/^it could not be fetched \(.+\)$/);
  });

  it("that never answers is given up on in time", async () => {
    service.setHanging(true);
    try {
      const load = imageLoader({ origins: [service.origin], timeoutMs: 300 });
      expect(await load(`${service.origin}/images/slow.jpg`)).toEqual({
        ok: false,
        reason: "it did not arrive within 0.3 s",
      });
    } finally {
      service.setHanging(false);
    }
  });
});

describe("a path beside the content file", () => {
  it("is read from the content file's folder", async () => {
    const loaded = await imageLoader({ folder, origins: [] })("people/ada.jpg");
    expect(loaded.ok && loaded.bytes.toString()).toBe("bytes of a photograph");
  });

  it.each([
    ["../outside-site-images.jpg", /neither an http\(s\) URL nor a path inside/],
    ["people/../../outside-site-images.jpg", /neither an http\(s\) URL nor a path inside/],
    ["/etc/passwd", /neither an http\(s\) URL nor a path inside/],
    ["file:///etc/passwd", /neither an http\(s\) URL nor a path inside/],
    ["people\\..\\..\\x.jpg", /neither an http\(s\) URL nor a path inside/],
    ["people/nobody.jpg", /no such file beside the content file/],
  ])("%s is refused", async (address, reason) => {
    const loaded = await imageLoader({ folder, origins: [] })(address);
    expect(loaded.ok ? "" : loaded.reason).toMatch(reason);
  });

  it("is refused when no content file's folder was given", async () => {
    expect(await imageLoader({ origins: "any" })("people/ada.jpg")).toEqual({
      ok: false,
      reason: "it is a relative path, and no content file's folder was given",
    });
  });
});

describe("isImageAddress", () => {
  it.each([
    ["https://cms.firm.example/images/a.jpg?sfvrsn=2", true],
    ["http://localhost:8080/a.png", true],
    ["people/ada.jpg", true],
    ["/images/a.png", false],
    ["data:image/png;base64,AAAA", false],
    ["../a.png", false],
    ["", false],
  ])("%s: %s", (address, isAddress) => {
    expect(isImageAddress(address)).toBe(isAddress);
  });
});
