import { describe, expect, it } from "vitest";
import { londonMidnight } from "./sitefinity-content.ts";

// The stand-in's London rule written out on its own is checked against the platform's time zone
// data: every day of eleven years, each daylight-saving Sunday among them.
const london = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Europe/London",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

describe("londonMidnight: a London editor's pick as Sitefinity stores it", () => {
  it("is the UTC instant of that day's midnight in London, every day from 2020 to 2030", () => {
    const wrong: string[] = [];
    for (let t = Date.UTC(2020, 0, 1); t < Date.UTC(2031, 0, 1); t += 86_400_000) {
      const day = new Date(t).toISOString().slice(0, 10);
      const parts = Object.fromEntries(
        london.formatToParts(new Date(londonMidnight(day, 0))).map((p) => [p.type, p.value]),
      );
      const local = `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
      if (local !== `${day} 00:00`) wrong.push(`${day} -> ${local}`);
    }
    expect(wrong).toEqual([]);
  });
});
