import { StrictMode } from 'react';

/**
 * Start-up in three tasks rather than one. Evaluating React, MUI and the router and building the theme takes a slow
 * phone several hundred milliseconds; in one task that blocks input the whole time (Lighthouse's Total Blocking
 * Time, issue 7). Each step yields to the browser before the next. The router goes first so the session check and
 * the route's chunks are on the network while the rest starts.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start(container: HTMLElement) {
  const [{ makeStore }, { createRoutes }, { createBrowserRouter }] = await Promise.all([
    import(/* webpackMode: "eager" */ './store/store'),
    import(/* webpackMode: "eager" */ './app/routes'),
    import(/* webpackMode: "eager" */ 'react-router-dom'),
  ]);
  const store = makeStore();
  const router = createBrowserRouter(createRoutes(store));
  await nextTask();

  await import(/* webpackMode: "eager" */ './theme');
  await nextTask();

  const [{ createRoot }, { App }] = await Promise.all([
    import(/* webpackMode: "eager" */ 'react-dom/client'),
    import(/* webpackMode: "eager" */ './app/App'),
  ]);
  createRoot(container).render(
    <StrictMode>
      <App store={store} router={router} />
    </StrictMode>,
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('App element not found');
void start(container);
