import { describe, expect, it, vi } from 'vitest';
import { repeatEvery } from './repeat.js';

describe('repeatEvery', () => {
  it('runs one at a time, goes on after a run that threw, and stop() waits for the run under way', async () => {
    let active = 0;
    let most = 0;
    let runs = 0;
    const failed = vi.fn();
    const repeating = repeatEvery(
      5,
      async () => {
        runs++;
        active++;
        most = Math.max(most, active);
        await new Promise((resolve) => setTimeout(resolve, 20));
        active--;
        if (runs === 1) throw new Error('the first run fails');
      },
      { atOnce: true, failed },
    );
    await vi.waitFor(() => expect(runs).toBeGreaterThanOrEqual(3));
    await repeating.stop();
    expect(active).toBe(0);
    expect(most).toBe(1);
    expect(failed).toHaveBeenCalledTimes(1);
    const after = runs;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(runs).toBe(after);
  });

  it('waits for its first interval unless told to run at once', async () => {
    const task = vi.fn(() => Promise.resolve());
    const repeating = repeatEvery(60_000, task, { failed: vi.fn() });
    await new Promise((resolve) => setTimeout(resolve, 20));
    await repeating.stop();
    expect(task).not.toHaveBeenCalled();
  });
});
