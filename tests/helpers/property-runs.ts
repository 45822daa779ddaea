/**
 * How many cases a fast-check property tries: `full` under `npm test` (which sets
 * FULL_PROPERTIES=1), a tenth of it in the edit loop. The properties that drive a real app and
 * database were most of `npm run test:quick`'s time; each run draws new cases, so the loop
 * still covers ground over a day, and a failure prints the seed that replays it.
 */
export function propertyRuns(full: number): number {
  return process.env.FULL_PROPERTIES === "1" ? full : Math.max(1, Math.ceil(full / 10));
}
