import { describe } from "vitest";
import { isTimeZone } from "./time-zones.ts";
import { itReturns } from "../../tests/helpers/table.ts";

describe("isTimeZone", () => {
  itReturns(isTimeZone, "isTimeZone(%j) is %s", [
    ["Europe/London", true],
    ["UTC", true],
    ["America/Argentina/Buenos_Aires", true],
    ["Europe/Londn", false],
    ["GMT+25", false],
    ["", false],
  ]);
});
