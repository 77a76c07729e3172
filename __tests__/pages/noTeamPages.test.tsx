import { screen } from '@testing-library/react';
import { fakeDb } from '../support/fakeBackend';
import { renderRoute } from '../support/render';

describe('a user without a team (carol) on the team pages', () => {
  beforeEach(() => fakeDb.signInAs('carol'));

  it.each(['/dashboard', '/api-keys', '/usage-reports', '/billing'])(
    '%s invites them to create a team instead of showing an error with Retry',
    async (path) => {
      renderRoute(path);
      expect(await screen.findByText('Welcome to AI Model Gateway!', {}, { timeout: 5000 })).toBeInTheDocument();
      expect(
        screen.getByText('Create a team to start using API keys, credits and usage tracking.'),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Create Your Team' })).toHaveAttribute('href', '/team');
      expect(screen.queryByText(/You are not a member of any team/)).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    },
  );
});
