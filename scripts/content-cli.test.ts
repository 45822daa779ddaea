import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runScript } from "../tools/run-script.ts";

let dir: string;
let env: Record<string, string>;
const file = (name: string) => join(dir, name);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "site-cli-"));
  env = { DATABASE_URL: `file:${file("site.db")}` };
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("content commands", { timeout: 60_000 }, () => {
  it("generates the same file twice from one seed, and a different one from another", () => {
    const args = (seed: string, out: string) => [
      "--transactions",
      "300",
      "--seed",
      seed,
      "--out",
      file(out),
    ];
    expect(runScript("content-generate.ts", args("9", "a.json")).status).toBe(0);
    expect(runScript("content-generate.ts", args("9", "b.json")).status).toBe(0);
    expect(runScript("content-generate.ts", args("10", "c.json")).status).toBe(0);
    expect(readFileSync(file("a.json"), "utf8")).toBe(readFileSync(file("b.json"), "utf8"));
    expect(readFileSync(file("a.json"), "utf8")).not.toBe(readFileSync(file("c.json"), "utf8"));
    expect(JSON.parse(readFileSync(file("a.json"), "utf8")).transactions).toHaveLength(300);
  });

  // Each import holds the demo's portraits (beside the generated file) and makes their renditions.
  it("exports, imports and exports again to identical bytes", { timeout: 180_000 }, () => {
    expect(runScript("content-import.ts", [file("a.json")], env).status).toBe(0);
    expect(runScript("content-export.ts", [file("first.json")], env).status).toBe(0);
    expect(runScript("content-import.ts", [file("first.json")], env).status).toBe(0);
    expect(runScript("content-export.ts", [file("second.json")], env).status).toBe(0);
    const first = readFileSync(file("first.json"), "utf8");
    expect(readFileSync(file("second.json"), "utf8")).toBe(first);
    expect(JSON.parse(first).transactions).toHaveLength(300);
  });

  it("names the deals of a file without UrlNames, the same on every import, and exports them", () => {
    const doc = JSON.parse(readFileSync(file("a.json"), "utf8"));
    const generated = doc.transactions.map((t: { UrlName: string }) => t.UrlName);
    for (const t of doc.transactions) delete t.UrlName;
    writeFileSync(file("unnamed.json"), JSON.stringify(doc));
    expect(runScript("content-import.ts", [file("unnamed.json")], env).status).toBe(0);
    expect(runScript("content-export.ts", [file("named-1.json")], env).status).toBe(0);
    expect(runScript("content-import.ts", [file("unnamed.json")], env).status).toBe(0);
    expect(runScript("content-export.ts", [file("named-2.json")], env).status).toBe(0);
    const first = readFileSync(file("named-1.json"), "utf8");
    expect(readFileSync(file("named-2.json"), "utf8")).toBe(first);
    const names = JSON.parse(first).transactions.map((t: { UrlName: string }) => t.UrlName);
    expect(names).toEqual(generated);
    expect(new Set(names).size).toBe(names.length);
  });

  it("rejects a bad file, lists every problem with its path, and changes nothing", () => {
    runScript("content-export.ts", [file("before.json")], env);
    const doc = JSON.parse(readFileSync(file("c.json"), "utf8"));
    doc.transactions[12].Date = "not-a-date";
    doc.transactions[250].Company = "";
    doc.articles[7].Tags = ["11111111-1111-4111-8111-111111111111"];
    writeFileSync(file("bad.json"), JSON.stringify(doc));
    const result = runScript("content-import.ts", [file("bad.json")], env);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("transactions[12].Date: not a date");
    expect(result.stderr).toContain("transactions[250].Company: empty");
    expect(result.stderr).toContain("articles[7].Tags[0]: no such tag");
    expect(result.stderr).toContain("nothing was changed");
    expect(result.stderr).not.toMatch(/\n\s+at /);
    runScript("content-export.ts", [file("after.json")], env);
    expect(readFileSync(file("after.json"), "utf8")).toBe(
      readFileSync(file("before.json"), "utf8"),
    );
  });

  it("says clearly when the file is missing or not JSON", () => {
    writeFileSync(file("broken.json"), "{ not json");
    const missing = runScript("content-import.ts", [file("nope.json")], env);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain("cannot read");
    const broken = runScript("content-import.ts", [file("broken.json")], env);
    expect(broken.status).toBe(1);
    expect(broken.stderr).toContain("is not valid JSON");
  });

  it("explains its usage when the file argument is missing", () => {
    const result = runScript("content-import.ts", [], env);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("usage: npm run content:import -- FILE");
  });
});
