import { useEffect, useState } from 'react';

/** Company detection waits until typing pauses (~400 ms) so each keystroke does not call the server. */
export const DETECTION_DEBOUNCE_MS = 400;

export function useDebouncedValue<T>(value: T, delayMs = DETECTION_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
