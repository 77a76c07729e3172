/**
 * A value loaded from the database and kept in memory for `ttlMs` (pricing tiers, the routing table): requests read
 * it without a round trip, and `invalidate()` (on a change notice from any instance: gateway.ts) makes the next read
 * reload. The timed reload catches an edit whose notice was lost.
 */
export function createReloadingCache<T>(load: () => Promise<T>, ttlMs: number) {
  let value: T | null = null;
  let loadedAt = 0;
  let generation = 0;
  let loading: { generation: number; promise: Promise<T> } | null = null;
  let loads = 0;

  /** One load per generation at a time; a load started before an invalidation never overwrites a newer one. */
  function reload(): Promise<T> {
    if (loading?.generation === generation) return loading.promise;
    const mine = { generation, promise: load() };
    loading = mine;
    mine.promise.then(
      (next) => {
        loads++;
        if (mine.generation === generation) {
          value = next;
          loadedAt = Date.now();
        }
        if (loading === mine) loading = null;
      },
      () => {
        if (loading === mine) loading = null;
      },
    );
    return mine.promise;
  }

  /** The loaded value, or null before the first load (or after an invalidation); a stale one starts its reload. */
  function peek(): T | null {
    // Serve the loaded value while a reload runs in the background: no request waits for the refresh.
    if (value !== null && Date.now() - loadedAt > ttlMs) reload().catch(() => undefined);
    return value;
  }

  return {
    async get(): Promise<T> {
      return peek() ?? reload();
    },
    /** What get() would give without waiting, or null when it would wait for a load: a request's path on the hot side. */
    peek,
    invalidate() {
      generation++;
      value = null;
    },
    /** How many times it has loaded since the start (the metrics' cache reloads). */
    loads: () => loads,
  };
}

export type ReloadingCache<T> = ReturnType<typeof createReloadingCache<T>>;
