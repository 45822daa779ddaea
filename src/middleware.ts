import { defineMiddleware } from "astro:middleware";

// A page that fails while rendering (a database that does not answer, a bug) is handed to the
// host as a plain 500 with the error on `locals.failure`: the host logs it as JSON with the
// request's id and sends the site's error page. Astro then neither logs a plain-text stack of
// its own nor renders an error page that would need the database too.
export const onRequest = defineMiddleware(async (context, next) => {
  try {
    return await next();
  } catch (error) {
    context.locals.failure = error;
    return new Response("render failed", {
      status: 500,
      headers: { "content-type": "text/plain; charset=utf-8" },
    });
  }
});
