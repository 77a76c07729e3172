// A module of its own: /login uses it without the rest of components/AfterFirstPaint.tsx (its deferred-section
// components), within the login page's bundle budget (scripts/bundle-report.js).

/** Calls `callback` just after the browser's next paint; returns a cancel function. */
export function afterNextPaint(callback: () => void): () => void {
  // The animation frame runs just before the browser paints; the task queued from it runs just after.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(callback, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
