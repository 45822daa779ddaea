import { fileURLToPath } from "node:url";
import { isBuildStale } from "./build-state.ts";
import { build } from "./build.ts";

// `npm start`: build when the build is missing or older than the sources, then serve it.
const root = fileURLToPath(new URL("..", import.meta.url));
if (isBuildStale(root)) {
  console.log("Building the site (the build is missing or older than the sources)…");
  try {
    build();
  } catch (error) {
    console.error(`build failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
await import("../src/server/main.ts");
