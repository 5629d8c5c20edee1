/**
 * Runs tasks that each reach one host: at most `concurrency` at once, and on any one host one start per
 * `perHostMs` at most. A task whose host must wait does not hold up tasks for other hosts. Per process:
 * several instances each keep their own pace (docs/decisions/032-job-postings.md).
 */
export interface HostPacer {
  /** Runs `task` when a slot is free and its host is due; rejects with AbortError if `signal` aborts first. */
  run<T>(host: string, task: () => Promise<T>, signal?: AbortSignal): Promise<T>;
}

interface Waiting {
  host: string;
  start: () => void;
}

export function createHostPacer(options: {
  concurrency: number;
  perHostMs: number;
  now?: () => number;
}): HostPacer {
  const now = options.now ?? Date.now;
  const waiting: Waiting[] = [];
  /** When each host may next start a task; entries in the past are dropped once nothing waits. */
  const nextStart = new Map<string, number>();
  let active = 0;
  let wake: { timer: NodeJS.Timeout; at: number } | undefined;

  const dueAt = (host: string) => nextStart.get(host) ?? 0;

  function pump() {
    while (active < options.concurrency) {
      const t = now();
      const index = waiting.findIndex((w) => dueAt(w.host) <= t);
      if (index < 0) break;
      const [next] = waiting.splice(index, 1);
      active += 1;
      nextStart.set(next!.host, t + options.perHostMs);
      next!.start();
    }
    if (waiting.length === 0) {
      const t = now();
      for (const [host, at] of nextStart) if (at <= t) nextStart.delete(host);
      return;
    }
    if (active >= options.concurrency) return;
    const soonest = Math.min(...waiting.map((w) => dueAt(w.host)));
    if (wake && wake.at <= soonest) return;
    if (wake) clearTimeout(wake.timer);
    const timer = setTimeout(
      () => {
        wake = undefined;
        pump();
      },
      Math.max(0, soonest - now()),
    );
    // Waiting tasks alone must not keep a process alive.
    timer.unref();
    wake = { timer, at: soonest };
  }

  return {
    run(host, task, signal) {
      return new Promise((resolve, reject) => {
        if (signal?.aborted) return reject(signal.reason);
        const onAbort = () => {
          const index = waiting.indexOf(entry);
          if (index >= 0) waiting.splice(index, 1);
          reject(signal!.reason);
        };
        const entry: Waiting = {
          host,
          start: () => {
            signal?.removeEventListener('abort', onAbort);
            Promise.resolve()
              .then(task)
              .then(resolve, reject)
              .finally(() => {
                active -= 1;
                pump();
              });
          },
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        waiting.push(entry);
        pump();
      });
    },
  };
}
