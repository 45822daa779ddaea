import { readFileSync } from "node:fs";
import { parseContentFile, type ContentFile } from "../src/content/content-file.ts";

/** Reads and validates a content file; throws with every problem listed, one per line. */
export function readContentFile(path: string): ContentFile {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new Error(
      `cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
      { cause: error },
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(
      `${path} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  const result = parseContentFile(json);
  if (!result.ok) {
    throw new Error(
      `${path} has ${result.problems.length} problem(s); nothing was changed:\n${result.problems.join("\n")}`,
    );
  }
  return result.content;
}

/** The content file's text: stable key order, two-space indent, final newline. */
export function serializeContent(content: ContentFile): string {
  return `${JSON.stringify(content, null, 2)}\n`;
}
