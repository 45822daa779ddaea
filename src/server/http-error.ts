/** Headers that belong with an error reply: Allow, Retry-After, Connection, Cache-Control… */
export type ErrorHeaders = Readonly<Record<string, string>>;

/**
 * An error reply the app gives on purpose: its status, a plain code a client can test
 * ("NotFound", "URITooLong"), a message written for the visitor, and the headers that go with it.
 * Thrown (or handed to `reply.send`) anywhere in a request; error-handler.ts writes the body.
 */
export class HttpError extends Error {
  override name = "HttpError";
  readonly statusCode: number;
  readonly code: string;
  readonly headers: ErrorHeaders;

  constructor(statusCode: number, code: string, message: string, headers: ErrorHeaders = {}) {
    super(message);
    if (!Number.isInteger(statusCode) || statusCode < 400 || statusCode > 599)
      throw new RangeError(`HttpError ${code}: ${statusCode} is not an error status`);
    this.statusCode = statusCode;
    this.code = code;
    this.headers = headers;
  }
}
