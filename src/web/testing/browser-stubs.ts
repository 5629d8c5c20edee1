import { vi } from 'vitest';

/** jsdom has no ResizeObserver (Radix's checkbox measures itself with one) and no scrollIntoView (cmdk's list). */
export function stubBrowserApis() {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  Element.prototype.scrollIntoView = () => {};
}
