/**
 * A read shared by the callers waiting for it, and fresh for each of them: every read begins after all of
 * its callers asked. A read begins on the event loop's next turn (setImmediate), and every caller who asks
 * before it begins shares it; a caller who asks once it has begun waits for the next one, which begins a turn
 * after it ends. So however many callers there are, at most one read runs and one waits, and no caller is
 * answered by a read that began before it asked (a read that began earlier may have missed a write the
 * caller has already seen).
 *
 * The turn matters most where the read runs in this thread (PGlite): while it runs no request arrives, so
 * without the turn each read would serve the one request that asked for it.
 *
 * Unlike a single flight, which hands a late caller the read already running, this one never does: a
 * caller's answer is at least as new as its own question. A failed read fails its own callers only; the next
 * caller starts a new one.
 */
export function sharedFreshRead<T>(read: () => Promise<T>): () => Promise<T> {
  /** The last read begun: the next one begins only after it ends. */
  let running: Promise<unknown> = Promise.resolve();
  /** The read every caller shares until it begins. */
  let next: Promise<T> | undefined;
  return () => {
    next ??= running
      .then(nothing, nothing)
      .then(nextTurn)
      .then(() => {
        next = undefined;
        const begun = read();
        running = begun;
        return begun;
      });
    return next;
  };
}

function nothing(): void {}

function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
