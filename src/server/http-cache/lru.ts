/** An entry's size in bytes, as the cache counts it. */
export interface Sized {
  readonly bytes: number;
}

/**
 * A least-recently-used map bounded by entries and by bytes. `generation` moves on `clear()`:
 * a value computed before a clear (from content since replaced) is refused by `set`.
 */
export class LruCache<V extends Sized> {
  private readonly map = new Map<string, V>();
  private total = 0;
  private gen = 0;
  private readonly maxEntries: number;
  private readonly maxBytes: number;

  constructor(maxEntries: number, maxBytes: number) {
    this.maxEntries = maxEntries;
    this.maxBytes = maxBytes;
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
    if (generation !== this.gen || value.bytes > this.maxBytes) return false;
    this.remove(key);
    this.map.set(key, value);
    this.total += value.bytes;
    for (const [oldest, old] of this.map) {
      if (this.map.size <= this.maxEntries && this.total <= this.maxBytes) break;
      this.map.delete(oldest);
      this.total -= old.bytes;
    }
    return true;
  }

  clear(): void {
    this.map.clear();
    this.total = 0;
    this.gen++;
  }

  private remove(key: string) {
    const old = this.map.get(key);
    if (old === undefined) return;
    this.map.delete(key);
    this.total -= old.bytes;
  }
}
