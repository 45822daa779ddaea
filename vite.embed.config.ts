import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { widgetTokens } from "./tools/widget-tokens.ts";

// The standalone embed bundle for other sites: dist/embed/embed.js plus lazily loaded chunks.
// Chunks resolve relative to embed.js, so the widgets load from the firm's site wherever it is embedded.
export default defineConfig({
  plugins: [react(), widgetTokens()],
  publicDir: false,
  // Relative: the widgets' stylesheets are found beside the script that asks for them, on
  // whichever site embeds them.
  base: "./",
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  build: {
    outDir: "dist/embed",
    emptyOutDir: true,
    target: "es2022",
    cssCodeSplit: false,
    modulePreload: false,
    rollupOptions: {
      input: { embed: "src/embed.ts" },
      output: {
        entryFileNames: "embed.js",
        chunkFileNames: "embed-chunks/[name]-[hash].js",
        assetFileNames: "embed-chunks/[name]-[hash][extname]",
      },
    },
  },
});
