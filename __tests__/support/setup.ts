import '@testing-library/jest-dom';
import { configure } from '@testing-library/dom';
import { server } from './server';
import { fakeDb } from './fakeBackend';
import { contractViolations } from './handlers/contract';
import { resetTurns } from '../../src/components/AfterFirstPaint';

// A first render loads lazy route chunks cold; on a shared 2-core machine that can take more than the 1 s default.
configure({ asyncUtilTimeout: 5000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  document.cookie.split(';').forEach((cookie) => {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
  window.localStorage.clear();
  resetTurns();
  // After clearing cookies: the reset signs alice in, which sets the session hint cookie.
  fakeDb.reset();
});
afterEach(() => {
  server.resetHandlers();
  const violations = contractViolations.splice(0);
  if (violations.length > 0) throw new Error(violations.join('\n'));
});
afterAll(() => server.close());
