import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { blogContent } from './scripts/vite-plugin-blog';

export default defineConfig({
  plugins: [react(), blogContent()],
  resolve: {
    alias: {
      '@': path.resolve('src/web'),
      '@shared': path.resolve('src/shared'),
    },
  },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default on CI's 2 cores is one file at a time; most files wait on databases, timers and
    // child processes rather than the CPU, so two at a time shortens the run without starving either.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts'],
          setupFiles: ['tests/setup.ts'],
          // A worker keeps the modules it loaded from one file to the next: evaluating the server's modules
          // anew for every file was a fifth of the suite's time. Each file still builds its own apps and
          // databases, and closes them; none of these files mocks a module.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['src/web/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup.ts', 'tests/setup-dom.ts'],
        },
      },
    ],
  },
});
