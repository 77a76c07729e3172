import { StrictMode, startTransition } from 'react';
import { yieldToBrowser } from './lib/yieldToBrowser';
import { measureScrollbarSize } from './lib/scrollbarSize';

/**
 * Start-up in small tasks rather than one. Evaluating React, MUI and the router and building the theme takes a slow
 * phone several hundred milliseconds, most of it compiling code run for the first time; in one task that blocks input
 * the whole time (Lighthouse's Total Blocking Time; docs/performance.md, "Start-up in small steps"). Each step below
 * is one group of modules evaluated, and yields to the browser before the next: on a phone (Chromium's CPU slowed
 * 4x) every step but the theme and React DOM takes under 50 ms. The router and the route go first so the session
 * check and the route's chunks are on the network while the rest starts. A step that only evaluates modules names
 * one export it stands for (`webpackExports`), so webpack still drops the exports the app does not use.
 */
async function start(container: HTMLElement) {
  // Now, while the page is only the loading ring: every grid takes it rather than forcing a layout to measure it.
  measureScrollbarSize(document.body);
  // Each import is destructured where it is awaited, so webpack still drops the exports the app does not use.
  const { makeStore } = await import(/* webpackMode: "eager" */ './store/store');
  const store = makeStore();
  await yieldToBrowser();

  const { BrowserRouter } = await import(/* webpackMode: "eager" */ 'react-router-dom');
  await import(/* webpackMode: "eager", webpackExports: ["keyframes"] */ '@emotion/react');
  await yieldToBrowser();

  await import(/* webpackMode: "eager", webpackExports: ["default"] */ '@emotion/styled');
  await yieldToBrowser();

  // MUI's styling engine, its default theme (made as its module loads) and the Box everything is drawn with.
  await import(/* webpackMode: "eager", webpackExports: ["PageLoader"] */ './components/PageLoader');
  await yieldToBrowser();

  const { AppRoutes, createGates, startRoute } = await import(/* webpackMode: "eager" */ './app/routes');
  const gates = createGates(store);
  // The session check and the route's chunks on the network while the rest starts.
  startRoute(window.location.pathname, gates);
  await yieldToBrowser();

  await import(/* webpackMode: "eager" */ './theme');
  await yieldToBrowser();

  const { createRoot } = await import(/* webpackMode: "eager" */ 'react-dom/client');
  await yieldToBrowser();

  const { App } = await import(/* webpackMode: "eager" */ './app/App');
  const root = createRoot(container);
  // A transition, so React renders the first screen in slices of a few milliseconds, yielding in between, instead of
  // in one long task (a default update is never sliced). The loading ring of index.html shows until it commits.
  startTransition(() =>
    root.render(
      <StrictMode>
        <App store={store}>
          <BrowserRouter>
            <AppRoutes gates={gates} />
          </BrowserRouter>
        </App>
      </StrictMode>,
    ),
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('App element not found');
void start(container);
