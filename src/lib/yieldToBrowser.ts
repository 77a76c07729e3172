/**
 * Ends the current task so the browser can paint and handle input, and continues in a new one: `scheduler.yield()`
 * where the browser has it (the continuation runs ahead of other queued tasks), else a zero-delay timeout. Start-up
 * work is cut into such tasks because a slow phone runs each one several times slower, and every task over 50 ms
 * there counts as blocking time (docs/performance.md).
 */
export function yieldToBrowser(): Promise<void> {
  const { scheduler } = globalThis as { scheduler?: { yield?: () => Promise<void> } };
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
