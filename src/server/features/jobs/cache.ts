/**
 * A small in-memory LRU with a lifetime per entry. Each instance keeps its own: a preview costs one fetch
 * per instance at worst, and nothing here must be shared or survive a restart.
 */
export interface TtlCache<V> {
  get(key: string): V | undefined;
  set(key: string, value: V, ttlMs: number): void;
}

export function createTtlCache<V>(maxEntries: number, now: () => number = Date.now): TtlCache<V> {
  const entries = new Map<string, { value: V; expiresAt: number }>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      if (entry.expiresAt <= now()) return undefined;
      // Re-inserted: a Map iterates in insertion order, so the first key is the least recently used.
      entries.set(key, entry);
      return entry.value;
    },
    set(key, value, ttlMs) {
      entries.delete(key);
      entries.set(key, { value, expiresAt: now() + ttlMs });
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value as string;
        entries.delete(oldest);
      }
    },
  };
}
