import { defineConfig } from "vitest/config";

// Two projects: node for pure modules, the database and the server; jsdom for React views.
export default defineConfig({
  test: {
    globals: true,
    // Several suites start processes or real servers; on two busy cores 5 s is too tight.
    testTimeout: 20_000,
    // A global a test stubs (fetch, mostly) is restored after it.
    unstubGlobals: true,
    projects: [
      {
        extends: true,
        test: {
          name: "node",
          environment: "node",
          include: [
            "src/**/*.test.ts",
            "scripts/**/*.test.ts",
            "tools/**/*.test.ts",
            "tests/unit/**/*.test.ts",
          ],
        },
      },
      {
        extends: true,
        test: {
          name: "dom",
          environment: "jsdom",
          include: ["src/**/*.test.tsx"],
          setupFiles: ["tests/setup-dom.ts"],
        },
      },
    ],
  },
});
