import { screen, within } from '@testing-library/react';
import { ACME_TEAM_ID, fakeDb } from '../support/fakeBackend';
import { renderRoute } from '../support/render';
import { fill } from '../admin/adminGrid';
import { ADMIN_GUARDRAILS_PATH, TEAM_GUARDRAILS_PATH, apiKeyGuardrailsPath } from '../../contract/apiPaths';

// Guardrails (docs/guardrails.md#policies) over the fake backend: the owner's policy for the team (Team Settings), a
// key's own (API Keys → View details → Guardrails), and the operator's floor (Admin → Routing).

const FIRST_RENDER = { timeout: 10_000 };

async function openGuardrails() {
  const rendered = renderRoute('/team', { userOptions: { delay: null } });
  const section = await screen.findByRole('region', { name: 'Guardrails' }, FIRST_RENDER);
  await within(section).findByRole('form', { name: 'Guardrails' }, FIRST_RENDER);
  return { ...rendered, section };
}

const select = (section: HTMLElement, name: string) => within(section).getByRole('combobox', { name });

describe('Team Settings → Guardrails', () => {
  it('shows the team’s actions and the operator’s floor; the owner changes one, adds a pattern, and saves', async () => {
    const { user, section } = await openGuardrails();
    expect(select(section, 'Secrets (keys, tokens, private keys)')).toHaveTextContent('Block');
    expect(select(section, 'Email addresses')).toHaveTextContent('Redact');
    expect(select(section, 'Phone numbers')).toHaveTextContent('Off');
    // The team redacts cards; the operator blocks them, and the field says so.
    expect(select(section, 'Payment card numbers')).toHaveAccessibleDescription("The operator's floor applies: Block");

    await user.click(select(section, 'Phone numbers'));
    await user.click(await screen.findByRole('option', { name: 'Flag: answer, and record it' }));
    await user.click(within(section).getByRole('button', { name: 'Add Pattern' }));
    const pattern = within(section).getByRole('group', { name: 'Pattern 1' });
    await fill(user, within(pattern).getByRole('textbox', { name: 'Name' }), 'Ticket');
    await user.click(within(section).getByRole('button', { name: 'Save Guardrails' }));
    expect(within(pattern).getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(
      'A pattern name is 1 to 40 lowercase letters, digits or underscores',
    );
    expect(fakeDb.lastRequest('PUT', TEAM_GUARDRAILS_PATH)).toBeUndefined();

    await fill(user, within(pattern).getByRole('textbox', { name: 'Name' }), 'ticket');
    await fill(user, within(pattern).getByRole('textbox', { name: 'Regular expression' }), 'TICKET-(');
    await user.click(within(section).getByRole('button', { name: 'Save Guardrails' }));
    expect(within(pattern).getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(
      'The pattern ticket is not a valid regular expression',
    );

    await fill(user, within(pattern).getByRole('textbox', { name: 'Regular expression' }), 'TICKET-\\d+');
    await fill(user, within(pattern).getByRole('textbox', { name: 'Words' }), 'Atlas, Borealis');
    await user.click(within(section).getByRole('button', { name: 'Save Guardrails' }));
    expect(await screen.findByText('Guardrails saved')).toBeInTheDocument();
    expect(fakeDb.lastRequest('PUT', TEAM_GUARDRAILS_PATH)?.body).toEqual({
      detectors: { secret: 'block', email: 'redact', phone: 'flag', card: 'redact' },
      patterns: [{ name: 'ticket', regex: 'TICKET-\\d+', words: ['Atlas', 'Borealis'], action: 'redact' }],
    });
    expect(fakeDb.state.guardrailPolicies[ACME_TEAM_ID].patterns).toHaveLength(1);
    expect(fakeDb.state.auditLog.at(-1)?.action).toBe('team.guardrails_changed');
  });

  it('the moderation check needs its model; saved with the policy', async () => {
    const { user, section } = await openGuardrails();
    await user.click(select(section, 'When the moderation model flags a prompt'));
    await user.click(await screen.findByRole('option', { name: 'Block: refuse the request' }));
    await user.click(within(section).getByRole('button', { name: 'Save Guardrails' }));
    const model = within(section).getByRole('textbox', { name: 'Moderation model or route' });
    expect(model).toHaveAccessibleDescription(
      'Name the model or route that moderates, e.g. openai/omni-moderation-latest',
    );
    expect(fakeDb.lastRequest('PUT', TEAM_GUARDRAILS_PATH)).toBeUndefined();
    await fill(user, model, 'echo/moderation-1');
    await user.click(within(section).getByRole('button', { name: 'Save Guardrails' }));
    expect(await screen.findByText('Guardrails saved')).toBeInTheDocument();
    expect(fakeDb.lastRequest('PUT', TEAM_GUARDRAILS_PATH)?.body).toMatchObject({
      moderation: { model: 'echo/moderation-1', action: 'block' },
    });
  });

  it('a failed load says so in the section alone, and Retry loads it', async () => {
    fakeDb.failNext('GET', TEAM_GUARDRAILS_PATH);
    const { user } = renderRoute('/team', { userOptions: { delay: null } });
    const section = await screen.findByRole('region', { name: 'Guardrails' }, FIRST_RENDER);
    expect(await within(section).findByText('Internal server error')).toBeInTheDocument();
    // The rest of the page stands.
    expect(screen.getByRole('region', { name: 'Alerts' })).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Retry' }));
    expect(await within(section).findByRole('form', { name: 'Guardrails' })).toBeInTheDocument();
  });
});

describe('a key’s guardrails', () => {
  async function openKeyGuardrails(keyName: string) {
    const rendered = renderRoute('/api-keys', { userOptions: { delay: null } });
    const grid = await screen.findByRole('grid', { name: 'API keys' }, FIRST_RENDER);
    const row = (await within(grid).findByText(keyName)).closest<HTMLElement>('[role="row"]')!;
    await rendered.user.click(within(row).getByRole('button', { name: 'View details' }));
    const details = await screen.findByRole('dialog', { name: `API key "${keyName}"` });
    await rendered.user.click(within(details).getByRole('button', { name: 'Guardrails' }));
    const dialog = await screen.findByRole('dialog', { name: `Guardrails of "${keyName}"` }, FIRST_RENDER);
    await within(dialog).findByRole('form', { name: 'Guardrails' });
    return { ...rendered, dialog };
  }

  it('the owner leaves each detector to the team or sets it; an Off widens the team’s; the floor is named', async () => {
    const { user, dialog } = await openKeyGuardrails('Production');
    const key = fakeDb.state.apiKeys.find((row) => row.name === 'Production')!;
    expect(select(dialog, 'Email addresses')).toHaveTextContent("The team's");
    expect(select(dialog, 'Payment card numbers')).toHaveAccessibleDescription("At least Block (the operator's floor)");
    await user.click(select(dialog, 'Email addresses'));
    await user.click(await screen.findByRole('option', { name: 'Off' }));
    await user.click(select(dialog, 'Secrets (keys, tokens, private keys)'));
    await user.click(await screen.findByRole('option', { name: 'Flag: answer, and record it' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Guardrails' }));
    expect(await screen.findByText('Guardrails saved')).toBeInTheDocument();
    expect(fakeDb.lastRequest('PUT', apiKeyGuardrailsPath(key.id))?.body).toEqual({
      detectors: { secret: 'flag', email: 'off' },
      patterns: [],
    });
    expect(fakeDb.state.auditLog.at(-1)?.action).toBe('api_key.guardrails_changed');
  });

  it('a member sees no Guardrails button on a key', async () => {
    fakeDb.signInAs('bob');
    const { user } = renderRoute('/api-keys', { userOptions: { delay: null } });
    const grid = await screen.findByRole('grid', { name: 'API keys' }, FIRST_RENDER);
    const row = (await within(grid).findByText('Production')).closest<HTMLElement>('[role="row"]')!;
    await user.click(within(row).getByRole('button', { name: 'View details' }));
    const details = await screen.findByRole('dialog', { name: 'API key "Production"' });
    expect(within(details).queryByRole('button', { name: 'Guardrails' })).toBeNull();
  });
});

describe('Admin → Routing → Guardrails floor', () => {
  it('an administrator raises the floor for every team; it is saved and audited', async () => {
    fakeDb.signInAs('admin');
    const { user } = renderRoute('/admin/routing', { userOptions: { delay: null } });
    const section = await screen.findByRole('region', { name: 'Guardrails floor' }, FIRST_RENDER);
    await within(section).findByRole('form', { name: 'Guardrails' });
    expect(select(section, 'Payment card numbers')).toHaveTextContent('Block');
    expect(select(section, 'Payment card numbers')).not.toHaveAccessibleDescription(/floor/);
    await user.click(select(section, 'Secrets (keys, tokens, private keys)'));
    await user.click(await screen.findByRole('option', { name: 'Block: refuse the request' }));
    await user.click(within(section).getByRole('button', { name: 'Save Guardrails' }));
    expect(await screen.findByText('Guardrails saved')).toBeInTheDocument();
    expect(fakeDb.lastRequest('PUT', ADMIN_GUARDRAILS_PATH)?.body).toEqual({
      detectors: { secret: 'block', card: 'block' },
      patterns: [],
    });
    expect(fakeDb.state.guardrailFloor?.detectors.secret).toBe('block');
  });
});
