/** A task the server repeats in the background (the statistics keeper, the backup requests' looker). */
export interface Repeating {
  /** Ends the repeating, after a run under way has finished. */
  stop(): Promise<void>;
}

/**
 * Runs `task` every `everyMs` (and at once with `atOnce`), one run at a time: a run due while another is
 * under way waits for it. A run that throws is handed to `failed`, and the next one runs as usual. The timer
 * never keeps the process alive.
 */
export function repeatEvery(
  everyMs: number,
  task: () => Promise<void>,
  { atOnce = false, failed }: { atOnce?: boolean; failed: (err: unknown) => void },
): Repeating {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running.then(task).catch(failed);
  };
  if (atOnce) run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
