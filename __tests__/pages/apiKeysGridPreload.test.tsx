import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { API_ORIGIN } from '../support/handlers';
import { server } from '../support/server';
import { renderRoute } from '../support/render';

// The grid's module stands for its chunk: `import()` runs this factory when the page asks for it.
const gridRequested = jest.fn();
jest.mock('../../src/features/apiKeys/ApiKeysGrid', () => {
  gridRequested();
  return jest.requireActual('../../src/features/apiKeys/ApiKeysGrid');
});

describe('/api-keys on a desktop asks for its grid while the keys are on their way', () => {
  it('requests the grid chunk before the keys arrive, then shows them in it', async () => {
    let answer: () => void = () => undefined;
    const keysHeld = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      // Nothing returned: once released, the call goes on to the fake backend's own answer.
      http.get(`${API_ORIGIN}/v1/api-keys/`, async () => {
        await keysHeld;
      }),
    );
    renderRoute('/api-keys');
    expect(await screen.findByRole('progressbar', { name: 'Loading API keys' }, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(gridRequested).toHaveBeenCalled());
    expect(screen.getByRole('progressbar', { name: 'Loading API keys' })).toBeInTheDocument();
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    answer();
    expect(await screen.findByRole('grid', { name: 'API keys' })).toBeInTheDocument();
    expect(await screen.findByText('Production')).toBeInTheDocument();
  });
});
