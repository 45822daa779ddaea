// Sitefinity's service hooks as the site receives them, for the tests and the bench: the
// credentials a site under test is started with, and a POST to its endpoint as Sitefinity's
// webhook makes it (basic authentication, a JSON body).

/** The item type Sitefinity's hooks name for the stand-in's deals (its `pasttransactions` set). */
export const DEAL_TYPE = "Telerik.Sitefinity.DynamicTypes.Model.PastTransactions.PastTransaction";

export const HOOK_USER = "sitefinity-hooks";
export const HOOK_PASSWORD = "a-long-hook-password-4f1d";

/** The site's settings that turn its hook endpoint on, with those credentials. */
export const HOOK_ENV = { SYNC_HOOK_USER: HOOK_USER, SYNC_HOOK_PASSWORD: HOOK_PASSWORD } as const;

/** An `authorization` header's value for basic authentication. */
export const basicAuth = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;

/**
 * POSTs `body` to the hook endpoint of the site at `base` (or of Varnish in front of it): an
 * object as JSON, a string or bytes as they are. `headers` add to or replace the credentials and
 * the content type.
 */
export function postHook(
  base: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${base}/hooks/sitefinity`, {
    method: "POST",
    headers: {
      authorization: basicAuth(HOOK_USER, HOOK_PASSWORD),
      "content-type": "application/json",
      ...headers,
    },
    body:
      typeof body === "string"
        ? body
        : body instanceof Uint8Array
          ? new Uint8Array(body)
          : JSON.stringify(body),
  });
}
