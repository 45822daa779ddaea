/** A Content-Security-Policy as directive name -> sources, in order. */
type Policy = Map<string, string>;

function parse(policy: string): Policy {
  const directives: Policy = new Map();
  for (const part of policy.split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), sources.join(" "));
  }
  return directives;
}

/**
 * The site's policy with the page's own directives put in: Astro hashes each page's inline
 * scripts and styles into `script-src`/`style-src`, and those replace the site's defaults for
 * that page; every other directive (frame-ancestors, object-src…) stays as the site set it.
 */
export function mergeCsp(sitePolicy: string, pagePolicy: string): string {
  const merged = parse(sitePolicy);
  for (const [name, sources] of parse(pagePolicy)) merged.set(name, sources);
  return [...merged].map(([name, sources]) => (sources ? `${name} ${sources}` : name)).join("; ");
}
