import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import { App } from './app/App';
import { createRoutes } from './app/routes';
import { makeStore } from './store/store';

const container = document.getElementById('root');
if (!container) throw new Error('App element not found');

const store = makeStore();
const router = createBrowserRouter(createRoutes(store));

createRoot(container).render(
  <StrictMode>
    <App store={store} router={router} />
  </StrictMode>,
);
