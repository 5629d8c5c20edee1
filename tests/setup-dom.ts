// The web project's setup (vitest.config.ts): DOM matchers, and each test's render unmounted after it.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';

beforeEach(() => {
  if (typeof window !== 'undefined') window.scrollTo = () => {};
});
afterEach(() => {
  if (typeof document !== 'undefined') cleanup();
});
