// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { readDescriptions } from "./descriptions.ts";

const embed = (json: string, type = "application/json") => {
  const script = document.createElement("script");
  script.type = type;
  script.id = "historicaltransactions-descriptions";
  script.textContent = json;
  document.body.append(script);
};

describe("readDescriptions", () => {
  afterEach(() => {
    document.body.replaceChildren();
  });

  it("reads the page's description table", () => {
    embed('{"acme-sale": "<p>Sale of <strong>Acme</strong></p>"}');
    expect({ ...readDescriptions(document) }).toEqual({
      "acme-sale": "<p>Sale of <strong>Acme</strong></p>",
    });
  });

  it("skips entries that are not strings", () => {
    embed('{"a": "<p>A</p>", "b": 3, "c": null, "d": {"x": 1}}');
    expect({ ...readDescriptions(document) }).toEqual({ a: "<p>A</p>" });
  });

  it.each([["not json"], ["[1, 2]"], ['"text"'], ["null"], [""]])(
    "gives an empty table for %j",
    (json) => {
      embed(json);
      expect({ ...readDescriptions(document) }).toEqual({});
    },
  );

  it("gives an empty table when the page has none", () => {
    expect({ ...readDescriptions(document) }).toEqual({});
  });

  it("keeps a __proto__ key as a plain entry", () => {
    embed('{"__proto__": "<p>P</p>"}');
    const table = readDescriptions(document);
    expect(Object.keys(table)).toEqual(["__proto__"]);
    expect(Object.getPrototypeOf(table)).toBeNull();
  });
});
