import { expect, it } from "vitest";

/**
 * A table test of a function of one argument: one test a row, in which `fn` given the row's
 * input returns the row's expected value (compared as `toEqual` does). `name` is `it.each`'s,
 * its placeholders filled from the input and the expected value.
 */
export function itReturns<I, O>(
  fn: (input: I) => O,
  name: string,
  rows: readonly (readonly [input: I, expected: O])[],
) {
  it.each(rows.map(([input, expected]) => [input, expected] as [I, O]))(name, (input, expected) => {
    expect(fn(input)).toEqual(expected);
  });
}
