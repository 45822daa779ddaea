import { officeCards } from "./offices.ts";

describe("offices", () => {
  it("lists the headquarters (lowest Ordinal) first and those without one last, in order", () => {
    const cards = officeCards([
      { Title: "London", Address: "1 Poultry\nLondon EC2R 8EJ", Ordinal: null },
      { Title: "Chicago", Address: "x", Ordinal: 2 },
      { Title: "New York", Address: "450 Lexington Avenue<br/>New York, NY 10017", Ordinal: 1 },
      { Title: "Oslo", Address: "y" },
    ]);
    expect(cards.map((c) => c.city)).toEqual(["New York", "Chicago", "London", "Oslo"]);
    expect(cards[0]!.address).toEqual(["450 Lexington Avenue", "New York, NY 10017"]);
    expect(cards[2]!.address).toEqual(["1 Poultry", "London EC2R 8EJ"]);
  });
});
