import { screen, within } from '@testing-library/react';
import { FAKE_NOW, fakeDb } from '../support/fakeBackend';
import { renderRoute } from '../support/render';

// What the routing page's tests share (routing.test.tsx: routes and deployments; routingCredentials.test.tsx:
// credentials and provider health). Two files, as one ran past jest's per-file budget on a busy machine
// (docs/testing.md, "Test times").

/** An administrator, at FAKE_NOW, for every test of a file that calls this. */
export function asAdminAtFakeNow() {
  beforeEach(() => {
    jest.useFakeTimers({ now: FAKE_NOW, advanceTimers: true });
    fakeDb.signInAs('admin');
  });
  afterEach(() => jest.useRealTimers());
}

export const grid = (name: string) => screen.findByRole('grid', { name }, { timeout: 5000 });

/** The row of grid `name` that shows `text`. */
export async function rowIn(name: string, text: string) {
  const found = await within(await grid(name)).findByText(text);
  const row = found.closest<HTMLElement>('[role="row"]');
  if (!row) throw new Error(`no row of ${name} shows ${text}`);
  return row;
}

export async function openPage() {
  const rendered = renderRoute('/admin/routing', { userOptions: { delay: null } });
  await rowIn('Model routes', 'team/default-smart');
  return rendered;
}
