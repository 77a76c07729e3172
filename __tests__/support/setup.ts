import '@testing-library/jest-dom';
import { server } from './server';
import { fakeDb } from './fakeBackend';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  fakeDb.reset();
  document.cookie.split(';').forEach((cookie) => {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
  window.localStorage.clear();
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
