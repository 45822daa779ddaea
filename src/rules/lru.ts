/**
 * A least-recently-used map bounded by entries and, where `sizeOf` gives values a size, by bytes.
 * `generation` moves on `clear()` and `drop()`: a value computed before either (from content since
 * replaced) is refused by `set`.
 */
export class LruCache<V> {
  private readonly map = new Map<string, V>();
  private total = 0;
  private gen = 0;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly sizeOf: (value: V) => number;

  constructor(
    maxEntries: number,
    {
      maxBytes = Infinity,
      sizeOf = () => 0,
    }: { maxBytes?: number; sizeOf?: (value: V) => number } = {},
  ) {
    this.maxEntries = maxEntries;
    this.maxBytes = maxBytes;
    this.sizeOf = sizeOf;
  }

  get generation(): number {
    return this.gen;
  }

  get size(): number {
    return this.map.size;
  }

  get bytes(): number {
    return this.total;
  }

  get(key: string): V | undefined {
    const value = this.map.get(key);
    if (value === undefined) return undefined;
    // Re-inserting moves the key to the young end of the Map's order.
    this.map.delete(key);
    this.map.set(key, value);
    return value;
  }

  /** Stores a value computed in `generation`; false when it is stale or too big to keep. */
  set(key: string, value: V, generation = this.gen): boolean {
    const bytes = this.sizeOf(value);
    if (generation !== this.gen || bytes > this.maxBytes) return false;
    this.remove(key);
    this.map.set(key, value);
    this.total += bytes;
    for (const [oldest, old] of this.map) {
      if (this.map.size <= this.maxEntries && this.total <= this.maxBytes) break;
      this.map.delete(oldest);
      this.total -= this.sizeOf(old);
    }
    return true;
  }

  clear(): void {
    this.map.clear();
    this.total = 0;
    this.gen++;
  }

  /**
   * Removes the values `isStale` picks, and moves the generation on, so that a value computed
   * before (from content since changed) is refused by `set` as after `clear()`.
   */
  drop(isStale: (value: V) => boolean): void {
    for (const [key, value] of this.map) if (isStale(value)) this.remove(key);
    this.gen++;
  }

  private remove(key: string) {
    const old = this.map.get(key);
    if (old === undefined) return;
    this.map.delete(key);
    this.total -= this.sizeOf(old);
  }
}
