import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./errors.ts";

const withCode = (code: string, message = "failed") => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable", () => {
  it.each([
    ["a refused connection", withCode("ECONNREFUSED")],
    [
      "PostgreSQL shutting down",
      withCode("57P01", "terminating connection due to administrator command"),
    ],
    ["PostgreSQL starting up", withCode("57P03", "the database system is starting up")],
    ["a connection failure", withCode("08006")],
    ["a statement timeout", withCode("57014", "canceling statement due to statement timeout")],
    ["the pool's connect timeout", new Error("timeout exceeded when trying to connect")],
    ["a client read timeout", new Error("Query read timeout")],
    ["a dropped connection", new Error("Connection terminated unexpectedly")],
    ["a busy SQLite file", withCode("SQLITE_BUSY")],
    ["an SQLite read error", withCode("SQLITE_IOERR_READ")],
    ["a cause further down", new Error("render failed", { cause: withCode("ECONNREFUSED") })],
    ["one of several", new AggregateError([new Error("x"), withCode("ETIMEDOUT")])],
  ])("is true for %s", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ["a bug", new TypeError("Cannot read properties of undefined")],
    ["an SQL error", withCode("42P01", 'relation "x" does not exist')],
    ["a corrupt SQLite file", withCode("SQLITE_CORRUPT")],
    ["a constraint", withCode("23505", "duplicate key value")],
    ["no error at all", "a string"],
  ])("is false for %s", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
