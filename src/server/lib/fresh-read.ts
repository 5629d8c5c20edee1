/**
 * A read shared by the callers waiting for it, and fresh for each of them: every read starts after all of
 * its callers asked. While one read runs, the callers who ask meanwhile wait for the next one, which starts
 * as the running one ends; so however many callers there are, at most one read runs and one waits, and no
 * caller is answered by a read that began before it asked (a read that began earlier may have missed a write
 * the caller has already seen).
 *
 * Unlike a single flight, which hands a late caller the read already running, this one never does: a
 * caller's answer is at least as new as its own question. A failed read fails its own callers only; the next
 * caller starts a new one.
 */
export function sharedFreshRead<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  let waiting: Promise<T> | undefined;
  function start(): Promise<T> {
    const started = read();
    running = started;
    // The waiting read starts only after this ends, so the one running is still this one.
    const ended = () => {
      running = undefined;
    };
    started.then(ended, ended);
    return started;
  }
  return () => {
    if (waiting) return waiting;
    if (!running) return start();
    waiting = running.then(nothing, nothing).then(() => {
      waiting = undefined;
      return start();
    });
    return waiting;
  };
}

function nothing(): void {}
