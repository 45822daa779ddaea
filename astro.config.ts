import { readFile, writeFile } from "node:fs/promises";
import node from "@astrojs/node";
import react from "@astrojs/react";
import type { AstroIntegration } from "astro";
import { defineConfig } from "astro/config";
import { minify } from "vite";

/**
 * Minifies public/first-paint.js in the build. Astro copies public/ as it is, and this script
 * blocks the first paint of every page, so its comments should not reach the visitor.
 */
function minifyFirstPaint(): AstroIntegration {
  return {
    name: "minify-first-paint",
    hooks: {
      "astro:build:done": async ({ dir }) => {
        const file = new URL("first-paint.js", dir);
        const result = await minify("first-paint.js", await readFile(file, "utf8"), {});
        if (result.errors.length > 0)
          throw new Error(`first-paint.js: ${result.errors.map((e) => e.message).join("; ")}`);
        await writeFile(file, result.code);
      },
    },
  };
}

// Astro renders the pages; the Fastify host in src/server mounts the built handler
// (middleware mode) and owns static files, compression, headers and caching.
export default defineConfig({
  output: "server",
  adapter: node({ mode: "middleware" }),
  integrations: [react(), minifyFirstPaint()],
  server: { host: "127.0.0.1", port: 4321 },
  build: { inlineStylesheets: "never" },
  prefetch: false,
  devToolbar: { enabled: false },
  security: { csp: true },
});
