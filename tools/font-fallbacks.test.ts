import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { fallbackFace, fallbackStylesheet, OUTPUT, SPECS } from "./font-fallbacks.ts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));

describe("font fallbacks", () => {
  it("are the ones the installed font files call for (rerun node tools/font-fallbacks.ts)", async () => {
    expect(readFileSync(OUTPUT, "utf8")).toBe(await fallbackStylesheet(ROOT));
  });

  it("leave a face that matches its fallback unchanged", () => {
    const face = fallbackFace(SPECS[0]!, SPECS[0]!.localMetrics);
    expect(face).toContain("size-adjust: 100.00%");
    const m = SPECS[0]!.localMetrics;
    expect(face).toContain(`ascent-override: ${((m.ascent / m.unitsPerEm) * 100).toFixed(2)}%`);
  });
});
