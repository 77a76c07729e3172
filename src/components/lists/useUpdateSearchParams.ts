import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * The search params plus a setter that changes some keys (empty or null removes a key). Changes replace the
 * history entry, so Back leaves the page instead of stepping through every filter.
 */
export function useUpdateSearchParams() {
  const [params, setParams] = useSearchParams();
  // The router commits a change a moment later. A second change made before then (two filters set in quick
  // succession) builds on the first: react-router's own functional update reads the last rendered params, and
  // would drop it.
  const pending = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    if (pending.current?.toString() === params.toString()) pending.current = null;
  }, [params]);
  const update = useCallback(
    (changes: Record<string, string | null>) => {
      const next = new URLSearchParams(pending.current ?? params);
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      pending.current = next;
      setParams(next, { replace: true });
    },
    [params, setParams],
  );
  return [params, update] as const;
}
