import { startTransition, useLayoutEffect, useRef, useState } from 'react';

/**
 * The width of a box, kept up to date as it resizes, so a chart can be given an explicit width that fits its
 * container (down to a 375 px phone). Where the box cannot be measured (jsdom reports 0) the fallback is used.
 *
 * The width comes from the ResizeObserver's first report, which the browser delivers after its own layout of the
 * page. Reading it in the layout effect instead would force that layout inside React's commit, one long task with
 * the whole page's first render on a slow phone (docs/performance.md: Total Blocking Time). The chart's re-render at
 * the new width is a transition, so it is rendered in slices.
 */
export function useElementWidth<T extends HTMLElement>(fallback: number) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(fallback);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const measure = () => {
      const measured = Math.floor(element.getBoundingClientRect().width);
      startTransition(() => setWidth(measured > 0 ? measured : fallback));
    };
    if (typeof ResizeObserver === 'undefined') {
      measure();
      return undefined;
    }
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [fallback]);

  return { ref, width };
}
