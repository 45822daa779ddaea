import { describe, expect, it } from "vitest";
import type { HeldImage } from "../rules/image-urls.ts";
import { photoAddresses, shownPhoto } from "./person-photo.ts";

const image: HeldImage = {
  digest: "a".repeat(64),
  format: "jpeg",
  width: 800,
  height: 1000,
  widths: [320, 640, 800],
  fallback: "jpeg",
};
const held = new Map([["portraits/ada.jpg", image]]);
const ada = (photo: { Url: string; AlternativeText?: string } | null) => ({
  Title: "Ada Quist",
  Photo: photo,
});

describe("shownPhoto", () => {
  it("shows the held copy with the editors' alternative text", () => {
    expect(
      shownPhoto(ada({ Url: "portraits/ada.jpg", AlternativeText: "Ada at the office" }), held),
    ).toEqual({ image, alt: "Ada at the office" });
  });

  it("names the person when the alternative text is empty or blank", () => {
    expect(shownPhoto(ada({ Url: "portraits/ada.jpg" }), held)?.alt).toBe("Ada Quist");
    expect(shownPhoto(ada({ Url: "portraits/ada.jpg", AlternativeText: "  " }), held)?.alt).toBe(
      "Ada Quist",
    );
  });

  it("shows none without a photo, or for one the site does not hold (withdrawn or refused)", () => {
    expect(shownPhoto(ada(null), held)).toBeNull();
    expect(shownPhoto(ada({ Url: "portraits/gone.jpg" }), held)).toBeNull();
  });
});

describe("photoAddresses", () => {
  it("lists each photograph's address once, and none for people without one", () => {
    expect(
      photoAddresses([
        ada({ Url: "portraits/ada.jpg" }),
        ada(null),
        ada({ Url: "portraits/ada.jpg" }),
        ada({ Url: "https://cms.example/images/b.jpg?sfvrsn=2" }),
      ]),
    ).toEqual(["portraits/ada.jpg", "https://cms.example/images/b.jpg?sfvrsn=2"]);
  });
});
