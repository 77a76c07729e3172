import {
  startTransition,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
  type RefObject,
} from 'react';
import { afterNextPaint } from '../lib/afterNextPaint';

/** How far below the screen a deferred section starts loading: one screen height, so it is there when scrolled to. */
const NEAR_VIEWPORT_MARGIN = '0px 0px 100% 0px';

/**
 * A section mounted only when needed starts once its place shows. Not sooner: while the sections above it load, their
 * placeholders are shorter than what replaces them, so a margin below the screen took in sections the loaded page
 * shows a screen further down (/admin/routing's health grid at 1350×940). A visitor scrolling with a wheel, a finger,
 * the scroll bar or the keyboard has already mounted it with that first input.
 */
const WHEN_NEEDED_MARGIN = '0px';

/** What a visitor does first: any of these mounts every section waiting to be needed (a key press may be a Tab). */
const FIRST_INPUT_EVENTS = ['keydown', 'pointerdown', 'wheel', 'touchstart'] as const;

/** `when` once the visitor first presses a key, clicks, touches or scrolls with a wheel anywhere; returns a cancel. */
function onFirstInput(when: () => void): () => void {
  const options = { capture: true, passive: true } as const;
  const cancel = () => FIRST_INPUT_EVENTS.forEach((type) => window.removeEventListener(type, fire, options));
  function fire() {
    cancel();
    when();
  }
  FIRST_INPUT_EVENTS.forEach((type) => window.addEventListener(type, fire, options));
  return cancel;
}

/** When a deferred component is requested: after the first paint, once near the viewport, or once needed. */
type Timing = 'after-paint' | 'near-viewport' | 'when-needed';

/**
 * Deferred components take turns: each one's first render is a commit of its own, and the next starts only after the
 * browser has painted it. A grid's first commit is a long task (its styles, its layout effects, two forced layouts);
 * the routing page's four grids, arriving with one chunk, mounted in one commit of about 300 ms on a desktop, which
 * Lighthouse counts whole as blocking time (docs/performance.md, "Deferred widgets take turns"). They mount in the
 * order they asked, which is the page's order.
 */
const waiting: Array<() => void> = [];
let turnHeld = false;

function passTurn() {
  const start = waiting.shift();
  turnHeld = start !== undefined;
  start?.();
}

/**
 * Forgets every turn, held or waiting. For tests only: a test's fake timers, once uninstalled, drop the pending pass
 * of the turn a component ended in it, and every deferred component of the next test would wait for it forever.
 */
export function resetTurns() {
  waiting.length = 0;
  turnHeld = false;
}

/**
 * Runs `start` when the turn comes (at once when nobody holds it). Returns the function that ends the turn once its
 * render has committed, or leaves the queue if the turn has not come yet; calling it again does nothing.
 */
function awaitTurn(start: () => void): () => void {
  let state: 'waiting' | 'holding' | 'ended' = 'waiting';
  const begin = () => {
    state = 'holding';
    start();
  };
  waiting.push(begin);
  if (!turnHeld) passTurn();
  return () => {
    if (state === 'waiting') waiting.splice(waiting.indexOf(begin), 1);
    else if (state === 'holding') afterNextPaint(passTurn);
    state = 'ended';
  };
}

/**
 * A component from a chunk of its own (a grid or a chart: MUI X is a page's largest download), requested once the
 * page around it has been painted; null until it has arrived, so the page shows a placeholder meanwhile. Requesting
 * it earlier lets a fast network deliver it before the first paint, and the page's heading then waits for the
 * grid's long first render (docs/performance.md: largest contentful paint). A plain state rather than React.lazy: a
 * Suspense boundary holds content back up to 300 ms after showing its fallback, which a page can do without. A chunk
 * that fails to load is thrown to the route's error page, as React.lazy would.
 *
 */
function useComponentAfterFirstPaint<Props extends object>(
  load: () => Promise<{ default: ComponentType<Props> }>,
  placeholder: RefObject<HTMLElement | null>,
  timing: Timing,
): ComponentType<Props> | null {
  const [loaded, setLoaded] = useState<{ component: ComponentType<Props> } | { error: unknown } | null>(null);
  const endTurn = useRef<(() => void) | null>(null);
  useEffect(() => {
    let active = true;
    const request = () =>
      load().then(
        (module) => {
          if (!active) return;
          endTurn.current = awaitTurn(() => startTransition(() => setLoaded({ component: module.default })));
        },
        (error: unknown) => active && setLoaded({ error }),
      );
    let observer: IntersectionObserver | undefined;
    let stopWaitingForInput: (() => void) | undefined;
    let requested = false;
    const requestOnce = () => {
      if (requested) return;
      requested = true;
      observer?.disconnect();
      stopWaitingForInput?.();
      void request();
    };
    const cancel = afterNextPaint(() => {
      const element = placeholder.current;
      if (timing === 'after-paint' || !element || typeof IntersectionObserver === 'undefined') {
        requestOnce();
        return;
      }
      observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) requestOnce();
        },
        { rootMargin: timing === 'when-needed' ? WHEN_NEEDED_MARGIN : NEAR_VIEWPORT_MARGIN },
      );
      observer.observe(element);
      if (timing === 'when-needed') stopWaitingForInput = onFirstInput(requestOnce);
    });
    return () => {
      active = false;
      cancel();
      observer?.disconnect();
      stopWaitingForInput?.();
      endTurn.current?.();
    };
  }, [load, placeholder, timing]);
  // Committed (effects run after the commit): the next deferred component may start once the browser has painted.
  useEffect(() => {
    if (loaded && 'component' in loaded) endTurn.current?.();
  }, [loaded]);
  if (loaded && 'error' in loaded) throw loaded.error;
  return loaded?.component ?? null;
}

/**
 * Requests a deferred component's chunk once the page has painted, even though the component will mount later: a
 * list page mounts its grid only with its rows, and asking for the chunk then made the two wait one after the other
 * (/api-keys with 10,000 keys: the rows arrived at 1.9 s and the grid's chunks were asked for at 2.25 s,
 * docs/performance.md › bench:ui). The chunk is fetched and run here, in parallel with the page's data;
 * AfterFirstPaint then finds it loaded and renders it when its turn comes. A failure is left to AfterFirstPaint's own
 * request, which asks again (webpack forgets a chunk that failed) and shows the route's error page if it fails too.
 */
export function usePreloadAfterFirstPaint(load: () => Promise<unknown>, enabled: boolean) {
  useEffect(() => {
    if (!enabled) return undefined;
    return afterNextPaint(() => void load().catch(() => undefined));
  }, [load, enabled]);
}

interface AfterFirstPaintProps<Props extends object> {
  /** The chunk: a module-level `() => import(...)` whose default export is the component. */
  load: () => Promise<{ default: ComponentType<Props> }>;
  props: Props;
  /** Shown until the component has arrived; should hold its place so nothing moves when it does. */
  fallback: ReactNode;
  /**
   * For a section below the fold (a chart under the page's figures): request the chunk only once its place comes
   * within a screen of the viewport, so a visit that never scrolls there does not download and run it. Without
   * IntersectionObserver it loads after the first paint like the others.
   */
  nearViewport?: boolean;
  /**
   * For a section a desktop's first screen may not show (the routing page's lower grids, each a long first render):
   * mounted once its place shows in the viewport, or at the visitor's first key press,
   * click, touch or wheel anywhere, so a keyboard user tabbing through the page finds it there. A load nobody
   * touches never mounts it (docs/performance.md, "Grids mounted when needed"). Without IntersectionObserver it
   * loads after the first paint like the others.
   */
  whenNeeded?: boolean;
}

/** Renders the component of `load` with `props` once the page has painted and the chunk has arrived. */
export function AfterFirstPaint<Props extends object>({
  load,
  props,
  fallback,
  nearViewport,
  whenNeeded,
}: AfterFirstPaintProps<Props>) {
  const placeholder = useRef<HTMLDivElement>(null);
  const timing: Timing = whenNeeded ? 'when-needed' : nearViewport ? 'near-viewport' : 'after-paint';
  const Component = useComponentAfterFirstPaint(load, placeholder, timing);
  if (Component) {
    // A module's export kept in state: one identity for the page's life, never re-created during render.
    // eslint-disable-next-line react-hooks/static-components
    return <Component {...props} />;
  }
  return timing === 'after-paint' ? fallback : <div ref={placeholder}>{fallback}</div>;
}

/**
 * Children drawn in a commit of their own once the page around them has been painted, in the same turns as the
 * deferred components above. A page's first commit of everything at once was one task of 110-180 ms on a throttled
 * phone, and its style and layout 100-230 ms more (docs/performance.md, "Sections in turn"). For what comes after the
 * top of the page: nothing stands in its place meanwhile, so it must come after everything drawn before it, where
 * adding it moves nothing already on screen.
 */
export function InTurn({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  const endTurn = useRef<(() => void) | null>(null);
  useEffect(() => {
    const cancel = afterNextPaint(() => {
      endTurn.current = awaitTurn(() => startTransition(() => setShown(true)));
    });
    return () => {
      cancel();
      endTurn.current?.();
    };
  }, []);
  useEffect(() => {
    if (shown) endTurn.current?.();
  }, [shown]);
  return shown ? children : null;
}
