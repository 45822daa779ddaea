import node from "@astrojs/node";
import react from "@astrojs/react";
import { defineConfig } from "astro/config";

// Astro renders the pages; the Fastify host in src/server mounts the built handler
// (middleware mode) and owns static files, compression, headers and caching.
export default defineConfig({
  output: "server",
  adapter: node({ mode: "middleware" }),
  integrations: [react()],
  server: { host: "127.0.0.1", port: 4321 },
  build: { inlineStylesheets: "never" },
  prefetch: false,
  devToolbar: { enabled: false },
  security: { csp: true },
});
