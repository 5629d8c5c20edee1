import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHostPacer } from './host-pacer.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Starts tasks that each take `ms`, recording when and with how many others each ran. */
function recorder(ms: number) {
  const starts: { host: string; at: number }[] = [];
  let active = 0;
  let most = 0;
  const task = (host: string) => async () => {
    starts.push({ host, at: Date.now() });
    active += 1;
    most = Math.max(most, active);
    await new Promise((done) => setTimeout(done, ms));
    active -= 1;
    return host;
  };
  return { starts, task, most: () => most };
}

describe('the host pacer', () => {
  it('runs at most four at once and one start a second per host, without one host holding up others', async () => {
    const pacer = createHostPacer({ concurrency: 4, perHostMs: 1000 });
    const { starts, task, most } = recorder(300);
    const hosts = ['a', 'a', 'a', 'b', 'b', 'c', 'd', 'e', 'f', 'g'];
    const all = Promise.all(hosts.map((h) => pacer.run(h, task(h))));
    await vi.runAllTimersAsync();
    expect(await all).toEqual(hosts);
    expect(most()).toBe(4);
    for (const host of new Set(hosts)) {
      const times = starts.filter((s) => s.host === host).map((s) => s.at);
      for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(1000);
    }
    // The other hosts did not wait for a's second and third turns.
    const t0 = starts[0]!.at;
    for (const host of ['c', 'd', 'e', 'f', 'g']) {
      expect(starts.find((s) => s.host === host)!.at - t0).toBeLessThan(1000);
    }
  });

  it('drops a waiting task whose signal aborts, and lets a running one finish', async () => {
    const pacer = createHostPacer({ concurrency: 1, perHostMs: 1000 });
    const { starts, task } = recorder(100);
    const controller = new AbortController();
    const first = pacer.run('a', task('a'), controller.signal);
    const second = pacer.run('a', task('a'), controller.signal);
    second.catch(() => undefined);
    controller.abort(new Error('stopping'));
    await vi.runAllTimersAsync();
    expect(await first).toBe('a');
    await expect(second).rejects.toThrow('stopping');
    expect(starts).toHaveLength(1);
    await expect(pacer.run('a', task('a'), controller.signal)).rejects.toThrow('stopping');
  });

  it('passes a failing task on as its rejection and keeps going', async () => {
    const pacer = createHostPacer({ concurrency: 1, perHostMs: 0 });
    const failed = pacer.run('a', () => Promise.reject(new Error('boom')));
    await expect(failed).rejects.toThrow('boom');
    const ok = pacer.run('a', async () => 1);
    await vi.runAllTimersAsync();
    expect(await ok).toBe(1);
  });
});
