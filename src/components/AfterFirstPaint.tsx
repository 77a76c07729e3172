import { Suspense, useEffect, useState, type ReactNode } from 'react';

/**
 * Renders `children` (typically a lazy grid or chart) only once the page around them has been painted, showing
 * `fallback` until then and while their chunk loads. Without it a fast network can deliver the chunk before the first
 * paint, and the page's heading then waits for the grid's long first render (issue 7: largest contentful paint).
 */
export function AfterFirstPaint({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    // The animation frame runs just before the browser paints; the task queued from it runs just after.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted ? <Suspense fallback={fallback}>{children}</Suspense> : fallback;
}
