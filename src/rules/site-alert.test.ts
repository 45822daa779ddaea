import { currentAlert } from "./site-alert.ts";

const alert = (Id: string, PublicationDate: string, LastModified = PublicationDate) => ({
  Id,
  LastModified,
  PublicationDate,
  Title: `Alert ${Id}`,
});

describe("the site's alert", () => {
  it("is none without alerts", () => {
    expect(currentAlert([])).toBeNull();
  });

  it("is the newest by PublicationDate, whatever the order they come in", () => {
    const alerts = [
      alert("a", "2026-11-01T09:00:00Z"),
      alert("c", "2026-11-20T09:00:00.5Z"),
      alert("b", "2026-11-20T09:00:00Z"),
    ];
    expect(currentAlert(alerts)?.message).toBe("Alert c");
  });

  it("gets a new dismissal key when it is changed, so it shows again", () => {
    const before = currentAlert([alert("a1", "2026-11-01T09:00:00Z", "2026-11-01T09:00:00Z")]);
    const after = currentAlert([alert("a1", "2026-11-01T09:00:00Z", "2026-11-02T10:30:00Z")]);
    expect(before?.id).not.toBe(after?.id);
    expect(after?.id).toMatch(/^[a-z0-9-]+$/);
  });

  it("links to LinkUrl with LinkTitle, or shows no link without a LinkUrl", () => {
    const base = alert("a", "2026-11-01T09:00:00Z");
    expect(
      currentAlert([{ ...base, LinkTitle: "Contact", LinkUrl: "/about/contact" }])?.link,
    ).toEqual({ title: "Contact", url: "/about/contact" });
    expect(currentAlert([{ ...base, LinkTitle: "Contact" }])?.link).toBeNull();
  });
});
