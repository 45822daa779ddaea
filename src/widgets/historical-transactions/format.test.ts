import { describe } from "vitest";
import { formatCloseDate, formatSize } from "./format.ts";
import { itReturns } from "../../../tests/helpers/table.ts";

describe("formatCloseDate", () => {
  itReturns(formatCloseDate, "shows %j as %j", [
    ["2021-03-15", "03/15/2021"],
    ["2021-01-01", "01/01/2021"],
    ["1999-12-31", "12/31/1999"],
    ["", ""],
  ]);
});

describe("formatSize", () => {
  itReturns(formatSize, "shows %j $MM as %j", [
    [null, "Undisclosed"],
    [0, "0.0"],
    [12.5, "12.5"],
    [1250, "1,250.0"],
    [12.345, "12.35"],
    [1234567.8, "1,234,567.8"],
  ]);
});
