import { mailtoHref, telHref } from "./contact.ts";

describe("contact links", () => {
  it.each([
    ["+1 212 555 0100", "tel:+12125550100"],
    ["+44 20 7946 0123", "tel:+442079460123"],
    ["(312) 555-0142", "tel:3125550142"],
    [" +1.415.555.0178 ", "tel:+14155550178"],
  ])("dials %s as %s", (phone, href) => {
    expect(telHref(phone)).toBe(href);
  });

  it("writes to the address as given, escaping what a URL cannot hold", () => {
    expect(mailtoHref("info@halvorsenridge.com")).toBe("mailto:info@halvorsenridge.com");
    expect(mailtoHref("a b?@x.com")).toBe("mailto:a%20b%3F@x.com");
  });
});
