import {
  canRemoveMember,
  inviteEmailError,
  isCurrentUserOwner,
  validateCreateTeam,
} from '../../src/features/team/team';
import type { TeamMember } from '../../contract/schemas/teams';

const member = (id: string, email: string | null, role: string): TeamMember => ({
  id,
  name: id,
  email,
  role,
  created_at: '2026-01-01T00:00:00Z',
  monthly_cap_cents: null,
  month_spend_cents: 0,
});
const alice = member('user-alice', 'alice@example.com', 'owner');
const bob = member('user-bob', 'bob@example.com', 'member');

describe('owner controls only for the signed-in owner, not every member of an owned team', () => {
  it.each([
    ['the owner, matched by id', { id: 'user-alice', email: 'other@example.com' }, [alice, bob], true],
    [
      'a member while another member is the owner (the original said yes)',
      { id: 'user-bob', email: 'bob@example.com' },
      [alice, bob],
      false,
    ],
    ['the owner, matched by email when ids differ', { id: 'x', email: 'ALICE@example.com ' }, [alice, bob], true],
    ['a member matched by email', { id: 'x', email: 'bob@example.com' }, [alice, bob], false],
    ['id wins over email', { id: 'user-bob', email: 'alice@example.com' }, [alice, bob], false],
    ['not in the list', { id: 'user-carol', email: 'carol@example.com' }, [alice, bob], false],
    ['no email on either side', { id: 'x', email: null }, [member('y', null, 'owner')], false],
    ['members not loaded', { id: 'user-alice', email: 'alice@example.com' }, undefined, false],
    ['user not loaded', undefined, [alice, bob], false],
  ])('%s', (_case, me, members, expected) => {
    expect(isCurrentUserOwner(me, members)).toBe(expected);
  });

  it.each([
    ['owner', false],
    ['member', true],
  ])('remove button for a %s: %p', (role, expected) => expect(canRemoveMember({ role })).toBe(expected));
});

describe('create team: name and budget required and trimmed, budget >= 0', () => {
  it.each([
    ['  Acme  ', '250.5', { input: { name: 'Acme', budget_limit: 250.5 }, errors: null }],
    ['Acme', '0', { input: { name: 'Acme', budget_limit: 0 }, errors: null }],
    ['   ', '10', { input: null, errors: { name: 'Team name is required' } }],
    ['Acme', '', { input: null, errors: { budget: 'Enter a monthly budget in dollars, or 0 for none.' } }],
    ['Acme', '-5', { input: null, errors: { budget: 'The monthly budget cannot be negative.' } }],
    [
      '',
      ' ',
      {
        input: null,
        errors: { name: 'Team name is required', budget: 'Enter a monthly budget in dollars, or 0 for none.' },
      },
    ],
  ])('%p / %p', (name, budget, expected) => expect(validateCreateTeam(name, budget)).toEqual(expected));
});

describe('invite email: required, trimmed, valid format', () => {
  it.each([
    ['dave@example.com', null],
    ['  dave@example.com  ', null],
    ['', 'Email is required'],
    ['   ', 'Email is required'],
    ['dave', 'Please enter a valid email address'],
    ['dave@example', 'Please enter a valid email address'],
    ['da ve@example.com', 'Please enter a valid email address'],
    ['@example.com', 'Please enter a valid email address'],
  ])('%p -> %p', (email, expected) => expect(inviteEmailError(email)).toBe(expected));
});
