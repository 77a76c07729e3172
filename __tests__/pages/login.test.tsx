import { screen } from '@testing-library/react';
import { fakeDb } from '../support/fakeBackend';
import { renderRoute } from '../support/render';

describe('the login page', () => {
  it('offers every OpenID provider the server names beside GitHub', async () => {
    fakeDb.signInAs(null);
    fakeDb.state.signInProviders = [
      { id: 'okta', name: 'Okta' },
      { id: 'entra', name: 'Entra ID' },
    ];
    renderRoute('/login');
    const okta = await screen.findByRole('link', { name: 'Sign in with Okta' }, { timeout: 5000 });
    const redirect = encodeURIComponent(window.location.origin);
    expect(okta).toHaveAttribute('href', `${window.location.origin}/v1/oauth/oidc/okta/login?redirect=${redirect}`);
    expect(screen.getByRole('link', { name: 'Sign in with Entra ID' })).toHaveAttribute(
      'href',
      `${window.location.origin}/v1/oauth/oidc/entra/login?redirect=${redirect}`,
    );
    expect(screen.getByRole('link', { name: 'Login with GitHub' })).toBeVisible();
  });

  it('offers GitHub alone when no OpenID provider is configured', async () => {
    fakeDb.signInAs(null);
    renderRoute('/login');
    expect(await screen.findByRole('link', { name: 'Login with GitHub' }, { timeout: 5000 })).toBeVisible();
    expect(await screen.findAllByRole('link')).toHaveLength(2);
    expect(screen.queryByRole('link', { name: /^Sign in with/ })).not.toBeInTheDocument();
  });
});
