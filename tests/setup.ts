import { afterEach, beforeEach, vi } from 'vitest';

// A console.error during a test is a bug the test did not assert on: fail loudly.
let errorSpy: ReturnType<typeof vi.spyOn> | undefined;
beforeEach(() => {
  errorSpy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error during test: ${args.map(String).join(' ')}`);
  });
});
afterEach(() => {
  errorSpy?.mockRestore();
});

// Two queries at once on one connection (a Promise.all inside a transaction) only queue there, and pg 9 will
// refuse them: pg's warning of it fails the run.
const guarded = globalThis as { queuedQueryGuard?: true };
if (!guarded.queuedQueryGuard) {
  guarded.queuedQueryGuard = true;
  process.on('warning', (warning) => {
    if (/already executing a query/.test(warning.message)) throw warning;
  });
}
