import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { server } from '../support/server';
import { renderRoute } from '../support/render';
import { fakeDb } from '../support/fakeBackend';
import { SEEDED_CREDENTIAL_ID, SEEDED_SECRET } from '../support/fakeBackend/routingSeed';
import { choose, fill } from './adminGrid';
import { asAdminAtFakeNow, rowIn, openPage } from './routingPage';

// Routes and their deployments; credentials and provider health are in routingCredentials.test.tsx.
asAdminAtFakeNow();

describe('/admin/routing', () => {
  it('lists routes with their deployments and policy, the first route’s deployments with health, and credentials', async () => {
    await openPage();
    const smart = await rowIn('Model routes', 'team/default-smart');
    expect(
      within(smart).getByText('3 deployments: anthropic/claude-sonnet-4, openai/gpt-4o, echo/echo-1'),
    ).toBeInTheDocument();
    const flaky = await rowIn('Model routes', 'echo/flaky');
    expect(within(flaky).getByText('1 retry, 100 ms backoff; cool down 30 s after 3 failures')).toBeInTheDocument();

    expect(screen.getByRole('heading', { name: 'Deployments of echo/flaky' })).toBeInTheDocument();
    const unavailable = await rowIn('Deployments', 'echo/unavailable-1');
    expect(within(unavailable).getByText('Environment key')).toBeInTheDocument();
    // The gateway's breaker is open for it: that outranks the window's error rate.
    expect(within(unavailable).getByText('Cooling down')).toBeInTheDocument();
    expect(within(await rowIn('Deployments', 'echo/echo-1')).getByText('Healthy')).toBeInTheDocument();

    const credential = await rowIn('Provider credentials', 'Anthropic main');
    expect(within(credential).getByText(`…${SEEDED_SECRET.slice(-4)}`)).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(SEEDED_SECRET);
  });

  it('holds the deployments’ place while the routes load, so nothing below moves when they arrive', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get('http://localhost/v1/admin/routing/routes', async () => {
        await answered;
        // Then the fake backend's own answer.
        return undefined;
      }),
    );
    renderRoute('/admin/routing', { userOptions: { delay: null } });
    const held = await screen.findByRole('heading', { name: 'Deployments' });
    const section = held.closest('section')!;
    expect(within(section).getByRole('button', { name: 'Add Deployment' })).toBeDisabled();
    // It stands where the first route's deployments will, before the credentials.
    const credentials = await screen.findByRole('heading', { name: 'Provider credentials' });
    expect(held.compareDocumentPosition(credentials) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    answer();
    expect(await screen.findByRole('heading', { name: 'Deployments of echo/flaky' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Deployments' })).not.toBeInTheDocument();
  });

  it('creates a route, with no deployment yet', async () => {
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Create Route' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Model Route' });
    await fill(user, within(dialog).getByRole('textbox', { name: /^Name/ }), 'team/fast');
    await fill(user, within(dialog).getByRole('spinbutton', { name: /^Retries per deployment/ }), '2');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Answer identical requests from the cache' }));
    await fill(user, within(dialog).getByRole('spinbutton', { name: /^Keep answers for/ }), '900');
    await user.click(within(dialog).getByRole('checkbox', { name: /prompts that mean the same/ }));
    // The model is required once the semantic cache is on.
    await user.click(within(dialog).getByRole('button', { name: 'Create Route' }));
    expect(await within(dialog).findByText('Enter the embedding model, or turn the semantic cache off')).toBeVisible();
    await fill(
      user,
      within(dialog).getByRole('textbox', { name: /^Embedding model/ }),
      'openai/text-embedding-3-small',
    );
    await fill(user, within(dialog).getByRole('spinbutton', { name: /^Least similarity/ }), '0.9');
    await user.click(within(dialog).getByRole('checkbox', { name: /conversations whose earlier turns are identical/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Route' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fakeDb.lastRequest('POST', '/v1/admin/routing/routes')?.body).toMatchObject({
      name: 'team/fast',
      max_retries: 2,
      backoff_ms: 200,
      cache_enabled: true,
      cache_ttl_seconds: 900,
      semantic_cache_model: 'openai/text-embedding-3-small',
      semantic_cache_threshold: 0.9,
      semantic_cache_conversations: true,
      enabled: true,
    });
    const fast = await rowIn('Model routes', 'team/fast');
    expect(within(fast).getByText('No deployments')).toBeInTheDocument();
  });

  it('adds a deployment to a route with a stored credential of its provider', async () => {
    // A route with no deployment yet, as Create Route makes one (the test above).
    const [seeded] = fakeDb.state.modelRoutes;
    fakeDb.state.modelRoutes.push({ ...seeded, id: 'route-fast', name: 'team/fast', description: '', deployments: [] });
    const { user } = await openPage();
    const fast = await rowIn('Model routes', 'team/fast');
    await user.click(within(fast).getByRole('button', { name: 'Show deployments' }));
    await screen.findByRole('heading', { name: 'Deployments of team/fast' });
    await user.click(screen.getByRole('button', { name: 'Add Deployment' }));
    const add = await screen.findByRole('dialog', { name: 'Add deployment to team/fast' });
    await choose(user, 'Provider', 'anthropic');
    await fill(user, within(add).getByRole('textbox', { name: /^Model/ }), 'claude-haiku-3.5');
    await choose(user, 'Credential', `Anthropic main (…${SEEDED_SECRET.slice(-4)})`);
    await user.click(within(add).getByRole('button', { name: 'Add Deployment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fakeDb.lastRequest('POST', '/v1/admin/routing/routes/route-fast/deployments')?.body).toEqual({
      provider: 'anthropic',
      model: 'claude-haiku-3.5',
      rank: 1,
      weight: 1,
      credential_id: SEEDED_CREDENTIAL_ID,
      enabled: true,
    });
    const deployment = await rowIn('Deployments', 'anthropic/claude-haiku-3.5');
    expect(within(deployment).getByText('Anthropic main')).toBeInTheDocument();
    expect(within(deployment).getByText('No traffic')).toBeInTheDocument();
    await waitFor(() => {
      const credentials = screen.getByRole('grid', { name: 'Provider credentials' });
      const row = within(credentials).getByText('Anthropic main').closest<HTMLElement>('[role="row"]')!;
      expect(within(row).getByText('2')).toBeInTheDocument();
    });
  });

  it('names what is wrong in the route form and sends nothing; shows the server’s 409', async () => {
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Create Route' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Model Route' });
    await fill(user, within(dialog).getByRole('textbox', { name: /^Name/ }), 'team fast');
    await fill(user, within(dialog).getByRole('spinbutton', { name: /^Retries per deployment/ }), '9');
    await user.click(within(dialog).getByRole('button', { name: 'Create Route' }));
    expect(within(dialog).getByText('Use 1-128 letters, digits, . _ : / or -')).toBeInTheDocument();
    expect(within(dialog).getByText('Retries must be a whole number from 0 to 5')).toBeInTheDocument();
    expect(fakeDb.requestsTo('POST', '/v1/admin/routing/routes')).toHaveLength(0);

    await fill(user, within(dialog).getByRole('textbox', { name: /^Name/ }), 'echo/flaky');
    await fill(user, within(dialog).getByRole('spinbutton', { name: /^Retries per deployment/ }), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Create Route' }));
    expect(await within(dialog).findByText('Failed to create model route')).toBeInTheDocument();
    expect(within(dialog).getByText('A model route named "echo/flaky" already exists')).toBeInTheDocument();
  });

  it('creates a route that refuses the fields a translation would drop, and says so in its policy', async () => {
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Create Route' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Model Route' });
    await fill(user, within(dialog).getByRole('textbox', { name: /^Name/ }), 'team/strict');
    await choose(user, "Fields a deployment's format lacks", 'Refuse the request, naming the field');
    await user.click(within(dialog).getByRole('button', { name: 'Create Route' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fakeDb.lastRequest('POST', '/v1/admin/routing/routes')?.body).toMatchObject({
      name: 'team/strict',
      unsupported_params: 'refuse',
    });
    const strict = await rowIn('Model routes', 'team/strict');
    expect(within(strict).getByText(/refuses fields it cannot translate$/)).toBeInTheDocument();
  });
});
