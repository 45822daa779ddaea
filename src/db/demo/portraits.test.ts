import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { inspectImage } from "../../images/inspect.ts";
import { DEMO_PEOPLE } from "./people.ts";
import { DEMO_PORTRAIT } from "./portraits.ts";

// The demo's people each have a photograph the site takes in as it takes a firm's: a JPEG beside
// the demo, at the size the content says, small enough to keep in the repository.

const folder = new URL("./", import.meta.url);

describe("the demo's portraits", () => {
  it.each(DEMO_PEOPLE.map((p) => [p.Title, p] as const))(
    "%s has one, named for them, that the site takes in at its stated size",
    async (name, person) => {
      expect(person.Photo).toMatchObject({
        AlternativeText: `Portrait of ${name}`,
        Width: DEMO_PORTRAIT.width,
        Height: DEMO_PORTRAIT.height,
      });
      const bytes = readFileSync(new URL(person.Photo!.Url, folder));
      expect(bytes.length).toBeLessThanOrEqual(60 * 1024);
      const inspected = await inspectImage(bytes);
      expect(inspected.ok && inspected.facts).toMatchObject({
        format: "jpeg",
        width: person.Photo!.Width,
        height: person.Photo!.Height,
      });
    },
  );

  it("are one file per person, none left over from someone the demo no longer has", () => {
    const files = readdirSync(new URL("portraits/", folder)).sort();
    expect(files).toEqual(DEMO_PEOPLE.map((p) => p.Photo!.Url.split("/").at(-1)).sort());
  });
});
