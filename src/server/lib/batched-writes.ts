interface Waiting<T> {
  item: T;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Writes that arrive while one is in flight go together in the next: under a crowd, one statement and one
 * commit for many small rows (page views) instead of one round trip each; alone, a write goes at once.
 * Each caller's promise settles when its own item is committed, never before. When a batch fails, each of
 * its items is written alone, so a bad item fails only its own caller.
 */
export function batchedWrites<T>(write: (items: T[]) => Promise<void>, maxBatch = 200) {
  let queue: Waiting<T>[] = [];
  let flushing = false;

  async function writeAlone(waiting: Waiting<T>) {
    try {
      await write([waiting.item]);
      waiting.resolve();
    } catch (error) {
      waiting.reject(error);
    }
  }

  async function flush() {
    flushing = true;
    while (queue.length > 0) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(maxBatch);
      if (batch.length === 1) {
        await writeAlone(batch[0]!);
        continue;
      }
      try {
        await write(batch.map((waiting) => waiting.item));
        for (const waiting of batch) waiting.resolve();
      } catch {
        for (const waiting of batch) await writeAlone(waiting);
      }
    }
    flushing = false;
  }

  return (item: T): Promise<void> =>
    new Promise((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (!flushing) void flush();
    });
}
