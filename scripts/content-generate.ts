import { cpSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { parseArgs } from "node:util";
import { generateContent } from "../src/db/demo/generate.ts";
import { runCli } from "./cli.ts";
import { serializeContent } from "./content-file-io.ts";

// npm run content:generate -- --transactions N [--articles N] [--seed S] [--out FILE]
// With --out, the people's portraits go beside the file too (portraits/), where their relative
// addresses point, so that content:import of the file shows them.
runCli(async () => {
  const { values } = parseArgs({
    options: {
      transactions: { type: "string", default: "420" },
      articles: { type: "string", default: "160" },
      seed: { type: "string", default: "1" },
      out: { type: "string" },
    },
    strict: true,
  });
  const count = (name: string, value: string, max: number) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 0 || n > max)
      throw new Error(`--${name} must be a whole number from 0 to ${max}`);
    return n;
  };
  const content = generateContent({
    transactions: count("transactions", values.transactions, 1_000_000),
    articles: count("articles", values.articles, 100_000),
    seed: count("seed", values.seed, 2 ** 32 - 1),
  });
  const text = serializeContent(content);
  if (values.out) {
    writeFileSync(values.out, text);
    const portraits = join(dirname(values.out), "portraits");
    cpSync(new URL("../src/db/demo/portraits/", import.meta.url), portraits, { recursive: true });
    console.error(
      `wrote ${content.transactions.length} transactions to ${values.out}, and ${content.people.length} portraits to ${portraits}`,
    );
  } else {
    process.stdout.write(text);
  }
});
