// Waiting on a running site from a test: a condition polled until it holds (never a fixed
// sleep), and a metric read from its Prometheus port.

/** Polls `check` every 100 ms until it gives a truthy value, for at most `ms`. */
export async function until<T>(
  what: string,
  check: () => Promise<T | undefined | false>,
  ms = 30_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A metric's value from a /metrics address: the sum over its label sets that hold `labels`. */
export async function metricValue(url: string, name: string, labels = ""): Promise<number> {
  const text = await (await fetch(url)).text();
  return text
    .split("\n")
    .filter((line) => line.startsWith(name) && line.includes(labels) && !line.startsWith("#"))
    .reduce((sum, line) => sum + Number(line.split(" ").at(-1)), 0);
}
