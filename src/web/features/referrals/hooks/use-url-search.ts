import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from './use-debounced-value';

/**
 * A list's search kept in the URL (?q=), so a search can be shared and survives a reload: what is typed now,
 * and `q`, the trimmed text once typing pauses, which the list reads. `setParam` keeps another filter there too.
 */
export function useUrlSearch() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [typed, setTyped] = useState(searchParams.get('q') ?? '');
  const q = useDebouncedValue(typed.trim());
  const setParam = useCallback(
    (name: string, value: string | null) =>
      setSearchParams(
        (params) => {
          if (value) params.set(name, value);
          else params.delete(name);
          return params;
        },
        { replace: true },
      ),
    [setSearchParams],
  );
  useEffect(() => setParam('q', q || null), [q, setParam]);
  return { searchParams, typed, setTyped, q, setParam };
}
