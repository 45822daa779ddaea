import { describe, expect, it } from "vitest";
import { HttpError } from "./http-error.ts";

describe("HttpError", () => {
  it("carries its status, code, message and headers", () => {
    const error = new HttpError(405, "MethodNotAllowed", "Only GET.", { allow: "GET" });
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      statusCode: 405,
      code: "MethodNotAllowed",
      message: "Only GET.",
      headers: { allow: "GET" },
    });
  });

  it.each([200, 304, 600, 404.5])(
    "refuses %s, which is no error status, naming the code",
    (status) => {
      expect(() => new HttpError(status, "Odd", "odd")).toThrow(`HttpError Odd: ${status}`);
    },
  );
});
