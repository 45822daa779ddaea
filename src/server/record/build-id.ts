import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";

// A build is named by what it is: the SHA-256 of every file it holds (path and bytes), so that
// two instances started from one build name it alike, and a rebuild of the same sources that
// makes the same files is not a new deploy.

/** Every file under `root`, as paths relative to it with `/` separators, sorted. */
function filesUnder(root: string): string[] {
  if (!existsSync(root)) return [];
  const out: string[] = [];
  const visit = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) visit(path);
      else out.push(relative(root, path).split(sep).join("/"));
    }
  };
  visit(root);
  return out.sort();
}

/** The build's id: hex SHA-256 over its server, client and embed files. */
export function buildId(dist: string): string {
  const hash = createHash("sha256");
  for (const part of ["server", "client", "embed"]) {
    for (const file of filesUnder(join(dist, part))) {
      hash.update(`${part}/${file}\n`);
      hash.update(readFileSync(join(dist, part, file)));
    }
  }
  return hash.digest("hex");
}

/**
 * The addresses of the build's files that the site serves as they are (the client's assets and
 * the embed bundle), for a full capture: a script may load one that no page names.
 */
export function buildFiles(dist: string): string[] {
  const served = [
    ...filesUnder(join(dist, "client")).filter((file) => file !== "500.html"),
    ...filesUnder(join(dist, "embed")),
  ];
  return served.map((file) => `/${file.split("/").map(encodeURIComponent).join("/")}`);
}
