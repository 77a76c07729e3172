import { snakeCaseWords } from '../../src/lib/words';

describe('a machine name as words', () => {
  it.each([
    ['upstream_timeout', 'Upstream timeout'],
    ['session_id', 'Session ID'],
    ['key_owner_disabled', 'Key owner disabled'],
    ['api_url', 'API URL'],
    ['name', 'Name'],
    ['__', '__'],
    ['', ''],
  ])('%p reads %p', (name, words) => expect(snakeCaseWords(name)).toBe(words));
});
