import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseContentFile, type ContentFile } from "../../src/content/content-file.ts";
import { connect } from "../../src/db/connect.ts";
import { generateContent } from "../../src/db/demo/generate.ts";
import { imageRepository } from "../../src/db/repositories/image-repository.ts";
import { imageDigest } from "../../src/images/inspect.ts";
import { runScriptAsync } from "../../tools/run-script.ts";
import { startSitefinityService, type SitefinityService } from "../../tools/sitefinity-service.ts";
import { portraitJpeg } from "../../tools/test-images.ts";

// `npm run content:import` holds the images its content shows, as the sync does, so that a site
// run without Sitefinity shows them too: each fetched once, a bad one named on stderr while the
// import goes through, and the renditions made before the command ends.

const base = generateContent({ transactions: 8, articles: 3, seed: 5 });
let service: SitefinityService;
let dir: string;
let photo: Buffer;

beforeAll(async () => {
  const parsed = parseContentFile(JSON.parse(JSON.stringify(base)));
  if (!parsed.ok) throw new Error(parsed.problems.join("\n"));
  service = await startSitefinityService(parsed.content);
  photo = await portraitJpeg(500, 625);
  service.serveImage("/images/team.jpg", { bytes: photo, type: "image/jpeg" });
  service.serveImage("/images/gone.jpg", { status: 404 });
  dir = mkdtempSync(join(tmpdir(), "site-import-images-"));
});
afterAll(async () => {
  await service.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("content:import", { timeout: 120_000 }, () => {
  it("holds the content's images, names the one it cannot, and makes the renditions", async () => {
    const team = `${service.origin}/images/team.jpg?sfvrsn=1`;
    const gone = `${service.origin}/images/gone.jpg?sfvrsn=1`;
    const doc = structuredClone(base) as unknown as ContentFile;
    doc.articles[0]!.Content += `<p><img src="${team}" alt="The team"><img src="${gone}" alt="Gone"></p>`;
    const file = join(dir, "content.json");
    writeFileSync(file, JSON.stringify(doc));
    const DATABASE_URL = `file:${join(dir, "site.db")}`;
    const result = await runScriptAsync("content-import.ts", [file], { DATABASE_URL });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toContain(`image ${gone} was not held: it answered 404 Not Found`);
    expect(result.stdout).toContain("renditions of 1 image(s) made");
    expect(result.stdout).toContain("1 image(s)");
    const db = connect(DATABASE_URL, { create: false });
    try {
      const held = await imageRepository(db).held([team, gone]);
      expect([...held.keys()]).toEqual([team]);
      expect(held.get(team)).toMatchObject({
        digest: imageDigest(photo),
        width: 500,
        height: 625,
        widths: [320, 500],
      });
    } finally {
      await db.close();
    }
    const again = await runScriptAsync("content-import.ts", [file], { DATABASE_URL });
    expect(again.status, again.stderr).toBe(0);
    expect(service.requests.filter((r) => r.includes("/images/team.jpg"))).toHaveLength(1);
  });
});
