import { isNoTeamError } from '../../src/lib/noTeam';

describe('a failure means "no team" only for 404 / NO_TEAM', () => {
  it.each([
    [{ status: 404, code: 'NO_TEAM', message: 'You are not a member of any team', text: '' }, true],
    [{ status: 404, message: 'Not Found', text: 'Not Found' }, true],
    [{ status: 400, code: 'NO_TEAM', message: 'No team', text: '' }, true],
    [{ status: 500, code: 'INTERNAL_ERROR', message: 'Internal server error', text: '' }, false],
    [{ status: 0, message: 'Network error', text: '' }, false],
    [{ name: 'Error', message: 'serialized' }, false],
    [undefined, false],
    [null, false],
    ['404', false],
  ])('%p -> %p', (error, noTeam) => {
    expect(isNoTeamError(error)).toBe(noTeam);
  });
});
