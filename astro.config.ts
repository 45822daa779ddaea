import { readFile, writeFile } from "node:fs/promises";
import node from "@astrojs/node";
import react from "@astrojs/react";
import type { AstroIntegration } from "astro";
import { defineConfig } from "astro/config";
import { minify, type Plugin } from "vite";
import { widgetTokens } from "./tools/widget-tokens.ts";

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

/**
 * Keeps the style element Astro writes in front of a page's first island out of the body.
 * Astro's runtime writes `<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>`
 * there, inside <body>, where HTML allows no style element, and no setting moves it. The rule is
 * in the layout's stylesheet instead (BaseLayout.astro, in <head>), and this takes the element out
 * of the runtime's code in the server build. The build fails if that code is not found, so an
 * upgrade of Astro that changes it is seen (and this can go if Astro then writes it in <head>).
 */
function islandStyleOutOfBody(): Plugin {
  const runtime = "/astro/dist/runtime/server/scripts.js";
  const element = "<style>${ISLAND_STYLES}</style>";
  let isRemoved = false;
  return {
    name: "island-style-out-of-body",
    // The site runs from its build only; `astro dev` would keep the element, which does no harm.
    apply: "build",
    transform(code, id) {
      if (!id.split("?")[0]!.endsWith(runtime)) return;
      if (!code.includes(element))
        throw new Error(`${runtime} no longer writes ${element}: see islandStyleOutOfBody`);
      isRemoved = true;
      return code.replace(element, "");
    },
    buildEnd() {
      if (this.environment.name === "ssr" && !isRemoved)
        this.error(`the server build has no ${runtime}: see islandStyleOutOfBody`);
    },
  };
}

/**
 * Keeps the digests Astro computes for the Content-Security-Policy header. On every render Astro
 * hashes each of the page's head styles and scripts again, with WebCrypto's asynchronous digest,
 * and what it hashes is the build's (the same few strings, here six empty ones, on every page):
 * that was a tenth of a page's render. The memo holds at most a few hundred digests. The build
 * fails if the function is not found, so an upgrade of Astro that changes it is seen.
 */
function keptCspDigests(): Plugin {
  const module = "/astro/dist/core/encryption.js";
  const declaration = "async function generateCspDigest(data, algorithm) {";
  let isKept = false;
  return {
    name: "kept-csp-digests",
    apply: "build",
    transform(code, id) {
      if (!id.split("?")[0]!.endsWith(module)) return;
      if (!code.includes(declaration))
        throw new Error(`${module} no longer declares generateCspDigest: see keptCspDigests`);
      isKept = true;
      return code.replace(
        declaration,
        `const keptDigests = new Map();
async function generateCspDigest(data, algorithm) {
  const key = algorithm + "\\0" + data;
  let digest = keptDigests.get(key);
  if (digest === undefined) {
    if (keptDigests.size >= 512) keptDigests.clear();
    digest = digestOnce(data, algorithm);
    keptDigests.set(key, digest);
  }
  return digest;
}
async function digestOnce(data, algorithm) {`,
      );
    },
    buildEnd() {
      if (this.environment.name === "ssr" && !isKept)
        this.error(`the server build has no ${module}: see keptCspDigests`);
    },
  };
}

/**
 * Names React as the renderer of the site's components (the exported functions of its .tsx
 * modules) in the server build. Without the name, Astro finds a component's renderer by asking
 * each one: React's answer is a render of the component by itself, on every use of every
 * component on every page, before the render that counts.
 */
function reactComponentsNamed(): Plugin {
  const source = /\/src\/.+\.tsx$/;
  return {
    name: "react-components-named",
    apply: "build",
    transform(code, id) {
      if (this.environment.name !== "ssr" || !source.test(id.split("?")[0]!)) return;
      const names = [...code.matchAll(/^export function ([A-Z]\w*)\(/gm)].map((m) => m[1]!);
      if (names.length === 0) return;
      return `${code}
import { __astro_tag_component__ } from "astro/runtime/server/index.js";
${names.map((name) => `__astro_tag_component__(${name}, "@astrojs/react");`).join("\n")}
`;
    },
  };
}

/**
 * Lets React's string renderer draw the islands, with the id prefix Astro gives each one. The
 * streaming renderer (the default) read every island back from a web stream, a fifth of a page's
 * render; the string renderer (`experimentalDisableStreaming`) is left without the prefix, so two
 * islands' `useId`s would clash and hydration would not match. The islands never suspend, which
 * is all the string renderer cannot do. The build fails if the call is not found.
 */
function reactStringsWithPrefix(): Plugin {
  const module = "/@astrojs/react/dist/server.js";
  const call = "ReactDOM.renderToString(vnode)";
  let isPatched = false;
  return {
    name: "react-strings-with-prefix",
    apply: "build",
    transform(code, id) {
      if (!id.split("?")[0]!.endsWith(module)) return;
      if (!code.includes(call))
        throw new Error(`${module} no longer calls ${call}: see reactStringsWithPrefix`);
      isPatched = true;
      return code.replace(call, "ReactDOM.renderToString(vnode, renderOptions)");
    },
    buildEnd() {
      if (this.environment.name === "ssr" && !isPatched)
        this.error(`the server build has no ${module}: see reactStringsWithPrefix`);
    },
  };
}

// Astro renders the pages; the Fastify host in src/server mounts the built handler
// (middleware mode) and owns static files, compression, headers and caching.
export default defineConfig({
  output: "server",
  adapter: node({ mode: "middleware" }),
  integrations: [react({ experimentalDisableStreaming: true }), minifyFirstPaint()],
  server: { host: "127.0.0.1", port: 4321 },
  build: { inlineStylesheets: "never" },
  prefetch: false,
  devToolbar: { enabled: false },
  security: { csp: true },
  // The site has no Markdown pages and no sessions. Left on, Shiki (whose inline styles the CSP
  // would block) is set up for code blocks that never come, and the node adapter gives sessions
  // a folder on disk; the build warns of both.
  markdown: { syntaxHighlight: false },
  session: false,
  vite: {
    plugins: [
      islandStyleOutOfBody(),
      keptCspDigests(),
      reactComponentsNamed(),
      reactStringsWithPrefix(),
      widgetTokens(),
    ],
  },
});
