import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "dist/",
      ".astro/",
      "node_modules/",
      "data/",
      "coverage/",
      "test-results/",
      "playwright-report/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
      "no-console": ["error", { allow: ["error", "warn"] }],
    },
  },
  {
    // Plain scripts served as they are to browsers.
    files: ["public/**/*.js"],
    languageOptions: {
      globals: { document: "readonly", window: "readonly", navigator: "readonly" },
    },
  },
  {
    files: ["scripts/**/*.ts", "bench/**/*.ts", "tests/**/*.ts", "src/server/main.ts"],
    rules: { "no-console": "off" },
  },
  // Imports run one way (docs/architecture.md): the product's rules depend on nothing of ours; the
  // OData compiler on nothing but them; the database on no caller; what the pages show on no
  // component or repository; scripts and benchmarks on no test helper.
  ...layer(
    ["src/rules/**/*.ts"],
    [
      "**/content/**",
      "**/db/**",
      "**/lib/**",
      "**/search/**",
      "**/server/**",
      "**/components/**",
      "**/widgets/**",
      "react",
      "zod",
    ],
    "src/rules/ is the product's rules: plain modules that import no zod, database, React or other folder of ours.",
  ),
  // The site search is given a store of its index: it imports the product's rules and nothing else
  // of ours. The server, the pages, src/lib and the database's repositories may import it; the
  // browser's code may not (it shares only src/rules/ with the search, the marks of matched words).
  // Its tests of the engine and of quality run it over a real database.
  ...layer(
    ["src/search/**/*.ts"],
    [
      "**/content/**",
      "**/db/**",
      "**/lib/**",
      "**/odata/**",
      "**/pages/**",
      "**/server/**",
      "**/sync/**",
      "**/components/**",
      "**/widgets/**",
      "kysely",
      "react",
      "zod",
    ],
    "src/search/ is given a store of its index: it imports src/rules/ and nothing else of ours, no database, zod or React.",
    ["src/search/engine.test.ts", "src/search/quality.test.ts"],
  ),
  ...layer(
    ["src/components/**/*.{ts,tsx}", "src/widgets/**/*.{ts,tsx}", "src/embed.ts"],
    ["**/search/**"],
    "The search engine runs on the server: the browser's code takes the marks of matched words from src/rules/match-marks.ts.",
  ),
  ...layer(
    ["src/odata/**/*.ts"],
    [
      "**/content/**",
      "**/db/**",
      "**/lib/**",
      "**/server/**",
      "**/sync/**",
      "**/components/**",
      "**/widgets/**",
      "react",
      "zod",
    ],
    "src/odata/ compiles query options and knows no database: src/db/ runs what it compiles, src/server/ names the entity sets.",
  ),
  // The images the site holds: fetching, checking, renditions and HTML fields' images, given a
  // store by src/db/; it imports the product's rules and nothing else of ours.
  ...layer(
    ["src/images/**/*.ts"],
    [
      "**/content/**",
      "**/db/**",
      "**/lib/**",
      "**/odata/**",
      "**/search/**",
      "**/server/**",
      "**/sync/**",
      "**/components/**",
      "**/widgets/**",
      "kysely",
      "react",
      "zod",
    ],
    "src/images/ is given a store by src/db/: it imports src/rules/ and nothing else of ours, no database, zod or React.",
    ["**/*.test.ts"],
  ),
  ...layer(
    ["src/db/**/*.ts"],
    ["**/server/**", "**/sync/**", "**/lib/**", "**/components/**", "**/widgets/**", "react"],
    "src/db/ is below the server, the sync and the pages: they call it, it calls none of them.",
    ["**/*.test.ts"],
  ),
  // The site's record: its rules (the chain, what a change touches, discovery, addresses, WARC
  // records, verify's checks) know no database, server or sync; the repositories store it and
  // src/server/record/ captures. It makes the widgets' own requests (their data loaders).
  ...layer(
    ["src/record/**/*.ts"],
    [
      "**/db/**",
      "**/server/**",
      "**/sync/**",
      "**/lib/**",
      "**/pages/**",
      "**/components/**",
      "kysely",
      "react",
    ],
    "src/record/ holds the record's rules: src/db/ stores the record, src/server/record/ captures it; it imports neither.",
  ),
  ...layer(
    ["src/lib/**/*.ts"],
    ["**/components/**", "**/db/**", "**/server/**", "**/widgets/**"],
    "src/lib/ computes what pages show: it imports no component, repository or server module.",
  ),
  ...layer(
    ["src/server/**/*.ts", "src/pages/**/*.ts"],
    ["kysely", "**/odata/to-kysely*", "**/odata/shape*", "**/odata/dialect*"],
    "Queries live in src/db/repositories/: the server and the pages parse, call a repository and reply.",
    ["**/*.test.ts"],
  ),
  ...layer(
    ["scripts/**/*.ts", "bench/**/*.ts"],
    ["**/tests/**"],
    "scripts/ and bench/ take shared tooling from tools/, never from tests/.",
    ["scripts/**/*.test.ts"],
  ),
);

/** An ESLint block that keeps `files` from importing `patterns`, with the reason as the message. */
function layer(files, patterns, message, ignores = []) {
  return [
    {
      files,
      ignores,
      rules: {
        "no-restricted-imports": ["error", { patterns: [{ group: patterns, message }] }],
      },
    },
  ];
}
