import { screen, within } from '@testing-library/react';
import { ACME_TEAM_ID, fakeDb } from '../support/fakeBackend';
import { renderRoute } from '../support/render';
import { fill } from '../admin/adminGrid';
import { TEAM_GUARDRAILS_PATH } from '../../contract/apiPaths';

// Team Settings → Guardrails (docs/guardrails.md#policies): the owner's policy for the team, over the fake backend.

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
