import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    testTimeout: 90_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    globalSetup: ['tests/e2e/global-setup.ts'],
  },
});
