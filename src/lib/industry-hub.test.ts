import fc from "fast-check";
import { hubFigures, perYearSummary, yearsActive } from "./industry-hub.ts";

const deal = (date: string, size: number | null = null) => ({ Date: date, Size: size });

describe("an industry hub's figures", () => {
  it("count the deals, add the disclosed sizes and fill the quiet years", () => {
    const figures = hubFigures([
      deal("2024-03-01T00:00:00Z", 10),
      deal("2021-12-31T23:59:59Z"),
      deal("2024-11-30T00:00:00Z", 2.5),
      deal("2022-01-01T00:00:00Z", 100),
    ]);
    expect(figures).toMatchObject({
      deals: 4,
      disclosedValue: 112.5,
      disclosedDeals: 3,
      firstYear: 2021,
      lastYear: 2024,
    });
    expect(figures.perYear).toEqual([
      { year: 2021, deals: 1 },
      { year: 2022, deals: 1 },
      { year: 2023, deals: 0 },
      { year: 2024, deals: 2 },
    ]);
    expect(yearsActive(figures)).toBe("2021 – 2024");
    expect(perYearSummary("Healthcare", figures)).toBe(
      "Healthcare transactions per year, 2021 – 2024: 4 in all, the most in 2024 (2).",
    );
  });

  it("say so when a group has no deals", () => {
    const figures = hubFigures([]);
    expect(figures).toMatchObject({ deals: 0, firstYear: null, perYear: [] });
    expect(yearsActive(figures)).toBeNull();
    expect(perYearSummary("Energy", figures)).toBe("Energy: no transactions yet.");
  });

  it("give years that add up to the count, one bar a year without gaps", () => {
    const date = fc
      .date({ min: new Date("1990-01-01"), max: new Date("2040-12-31"), noInvalidDate: true })
      .map((d) => d.toISOString());
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ Date: date, Size: fc.option(fc.double({ min: 0, max: 1e5, noNaN: true })) }),
        ),
        (deals) => {
          const figures = hubFigures(deals);
          expect(figures.perYear.reduce((sum, y) => sum + y.deals, 0)).toBe(deals.length);
          figures.perYear.forEach(
            (y, i) => i > 0 && expect(y.year).toBe(figures.perYear[i - 1]!.year + 1),
          );
        },
      ),
    );
  });
});
