/** A problem with the request's query, answered with 400; the message names the option and where. */
export class ODataError extends Error {
  override name = "ODataError";
  readonly statusCode = 400;
  readonly code = "BadRequest";
  readonly option: string;
  readonly problem: string;
  readonly position: number | undefined;

  constructor(option: string, problem: string, position?: number) {
    super(`${option}: ${problem}${position === undefined ? "" : ` at position ${position}`}`);
    this.option = option;
    this.problem = problem;
    this.position = position;
  }
}

/** Thrown inside one option's parser; parse.ts adds the option's name. */
export class SyntaxProblem extends Error {
  override name = "SyntaxProblem";
  readonly problem: string;
  readonly position: number | undefined;

  constructor(problem: string, position?: number) {
    super(`${problem}${position === undefined ? "" : ` at position ${position}`}`);
    this.problem = problem;
    this.position = position;
  }
}

/** Input text quoted for an error message: JSON-escaped and cut short. */
export function quote(text: string, max = 40): string {
  const cut = text.length > max ? `${text.slice(0, max)}…` : text;
  return `'${JSON.stringify(cut).slice(1, -1)}'`;
}
