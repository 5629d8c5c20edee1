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
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['tests/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default on CI's 2 cores is one file at a time; most files wait on databases, timers and
    // child processes rather than the CPU, so two at a time shortens the run without starving either.
    maxWorkers: 2,
  },
});
