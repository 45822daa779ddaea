import type { Photo } from "../../content/person.ts";
import { stableGuid } from "./ids.ts";

// The demo people's photographs: JPEG files beside this module, drawn by scripts/demo-portraits.ts.
// The content names each by a path relative to this folder, as a content file names the images it
// ships beside it; the site reads them from here when it loads the demo, and holds them as it
// holds a firm's.

/** The size every demo portrait is drawn at (4:5, as the leadership page shows it). */
export const DEMO_PORTRAIT = { width: 800, height: 1000 } as const;

/** Where a person's portrait is, relative to src/db/demo/. */
export const demoPortraitAddress = (urlName: string): string => `portraits/${urlName}.jpg`;

/** The related image a demo person's Photo field holds, as Sitefinity's `$expand` gives one. */
export function demoPhoto(name: string, urlName: string): Photo {
  return {
    Id: stableGuid(`portrait ${name}`),
    Url: demoPortraitAddress(urlName),
    AlternativeText: `Portrait of ${name}`,
    Width: DEMO_PORTRAIT.width,
    Height: DEMO_PORTRAIT.height,
  };
}
