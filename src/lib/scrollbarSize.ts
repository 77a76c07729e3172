/**
 * The browser's scrollbar width, measured once at start-up, when the page is the loading ring and a layout costs
 * nothing. MUI X's DataGrid measures it on its own at every mount otherwise (a probe element, `getComputedStyle` and
 * two forced layouts of the whole page): on /admin/routing that was the largest item of each grid's first render
 * (docs/performance.md, "One scrollbar measure per page"). The grid's own scrollbars have the browser's default style,
 * so the probe's width is theirs (0 where scrollbars overlay the content, as on phones and macOS by default).
 */
let measured: number | undefined;

/** Measures the scrollbar's width in `body` (start-up calls it once); later calls keep the first value. */
export function measureScrollbarSize(body: HTMLElement): void {
  if (measured !== undefined) return;
  const probe = document.createElement('div');
  probe.style.cssText = 'position:absolute;top:-9999px;width:99px;height:99px;overflow:scroll';
  body.appendChild(probe);
  measured = probe.offsetWidth - probe.clientWidth;
  probe.remove();
}

/** The width measured at start-up, or undefined (a test, a page started otherwise): the grid then measures it. */
export const scrollbarSize = (): number | undefined => measured;
