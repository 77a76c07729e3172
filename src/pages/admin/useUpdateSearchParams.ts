import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * The search params plus a setter that changes some keys (empty or null removes a key). Changes replace the
 * history entry, so Back leaves the page instead of stepping through every filter.
 */
export function useUpdateSearchParams() {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (changes: Record<string, string | null>) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [params, update] as const;
}
