import { screen, within } from '@testing-library/react';
import { FAKE_NOW, fakeDb } from '../support/fakeBackend';
import { SEEDED_SECRET } from '../support/fakeBackend/routingSeed';
import { renderRoute, setViewportWidth } from '../support/render';

// Below the 768 px breakpoint each routing table is a list of cards (RoutingCards): the grid's columns and actions,
// and no grid (a grid's columns do not fit 375 px).

beforeEach(() => {
  jest.useFakeTimers({ now: FAKE_NOW, advanceTimers: true });
  fakeDb.signInAs('admin');
  setViewportWidth(375);
});
afterEach(() => {
  jest.useRealTimers();
  setViewportWidth(1024);
});

const list = (name: string) => screen.findByRole('list', { name }, { timeout: 5000 });

async function cardIn(name: string, text: string) {
  const found = await within(await list(name)).findByText(text);
  const card = found.closest('li');
  if (!card) throw new Error(`no card of ${name} shows ${text}`);
  return card;
}

describe('/admin/routing on a phone', () => {
  it('shows routes, deployments, credentials and health as cards with their actions, and no grid', async () => {
    const { user } = renderRoute('/admin/routing', { userOptions: { delay: null } });
    const smart = await cardIn('Model routes', 'team/default-smart');
    expect(
      within(smart).getByText('3 deployments: anthropic/claude-sonnet-4, openai/gpt-4o, echo/echo-1'),
    ).toBeInTheDocument();
    expect(within(smart).getByRole('button', { name: 'Delete route' })).toBeInTheDocument();

    const unavailable = await cardIn('Deployments', 'echo/unavailable-1');
    expect(within(unavailable).getByText('Environment key')).toBeInTheDocument();
    expect(within(unavailable).getByText('Cooling down')).toBeInTheDocument();

    const credential = await cardIn('Provider credentials', 'Anthropic main');
    expect(within(credential).getByText(`…${SEEDED_SECRET.slice(-4)}`)).toBeInTheDocument();
    expect(await list('Provider health')).toBeInTheDocument();
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();

    // A card's action does what the grid's does: the route's deployments show below.
    await user.click(within(smart).getByRole('button', { name: 'Show deployments' }));
    expect(await screen.findByRole('heading', { name: 'Deployments of team/default-smart' })).toBeInTheDocument();
    expect(await cardIn('Deployments', 'openai/gpt-4o')).toBeInTheDocument();
  });
});
