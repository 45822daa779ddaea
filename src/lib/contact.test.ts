import { mailtoHref, telHref } from "./contact.ts";
import { itReturns } from "../../tests/helpers/table.ts";

describe("contact links", () => {
  itReturns(telHref, "dials %s as %s", [
    ["+1 212 555 0100", "tel:+12125550100"],
    ["+44 20 7946 0123", "tel:+442079460123"],
    ["(312) 555-0142", "tel:3125550142"],
    [" +1.415.555.0178 ", "tel:+14155550178"],
  ]);

  it("writes to the address as given, escaping what a URL cannot hold", () => {
    expect(mailtoHref("info@halvorsenridge.com")).toBe("mailto:info@halvorsenridge.com");
    expect(mailtoHref("a b?@x.com")).toBe("mailto:a%20b%3F@x.com");
  });
});
