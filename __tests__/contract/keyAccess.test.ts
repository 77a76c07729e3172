import { mayManageKey } from '../../contract/keyAccess';

describe("edit, rotate and revoke: the key's creator or the team owner, nobody else", () => {
  it.each([
    ['the owner, on their own key', 'owner', 'user-alice', true],
    ["the owner, on a member's key", 'owner', 'user-bob', true],
    ['the owner, on a key whose creator is gone', 'owner', null, true],
    ['a member, on their own key', 'member', 'user-alice', true],
    ["a member, on another member's key", 'member', 'user-bob', false],
    ['a member, on a key whose creator is gone', 'member', null, false],
    ['a user without a team, even on a key with their id', null, 'user-alice', false],
  ] as const)('%s: %p', (_case, teamRole, keyUserId, allowed) => {
    expect(mayManageKey({ id: 'user-alice', team_role: teamRole }, { user_id: keyUserId })).toBe(allowed);
  });
});
