import { render, screen } from '@testing-library/react';
import { fakeDb } from '../support/fakeBackend';
import { renderRoute } from '../support/render';
import { RouteErrorPage } from '../../src/pages/not-found/RouteErrorPage';
import { STATIC_SHELL_ID } from '../../contract/staticShell';

// The frame the server draws in front of the app for a signed-in page (contract/staticShell.ts): it stays while the
// app is loading (its root hidden meanwhile) and goes as the app draws its own screen, whichever that is.
function serveFrame() {
  const frame = document.createElement('div');
  frame.id = STATIC_SHELL_ID;
  frame.textContent = 'the server’s frame';
  document.body.prepend(frame);
}
const frame = () => document.getElementById(STATIC_SHELL_ID);

afterEach(() => frame()?.remove());

describe('the frame sent with a signed-in page', () => {
  it('stays while the page loads and goes when the layout draws its own', async () => {
    serveFrame();
    renderRoute('/dashboard');
    expect(frame()).not.toBeNull();
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(frame()).toBeNull();
  }, 20_000);

  it('goes when the app shows a page outside the layout instead (a session that ended since: /login)', async () => {
    fakeDb.signInAs(null);
    serveFrame();
    renderRoute('/login');
    expect(await screen.findByRole('link', { name: 'Login with GitHub' })).toBeInTheDocument();
    expect(frame()).toBeNull();
  });

  it('goes when the route fails to load', () => {
    serveFrame();
    render(<RouteErrorPage error={new Error('Loading chunk 7 failed.')} />);
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(frame()).toBeNull();
  });
});
