import {
  EMPTY_PATTERN,
  floorNote,
  guardrailsBody,
  guardrailsForm,
  shortActionLabel,
} from '../../src/features/guardrails/guardrails';

// The guardrails form's rules (docs/guardrails.md#policies): the contract's, as the server applies them.

describe('the guardrails form', () => {
  const form = guardrailsForm({ policy: { detectors: { secret: 'block' }, patterns: [] } }, 'team');

  it('reads a policy: a detector it does not set is off; sends only the detectors that are on', () => {
    expect(form.detectors).toMatchObject({ secret: 'block', email: 'off', national_id: 'off' });
    expect(guardrailsBody(form, 'team')).toEqual({ body: { detectors: { secret: 'block' }, patterns: [] } });
    expect(guardrailsForm({ policy: null }, 'team').detectors.secret).toBe('off');
  });

  it('a pattern needs a name of the rule’s shape, its own name, and a valid expression or words', () => {
    const patterns = [
      { ...EMPTY_PATTERN, name: 'ids', words: ' ACME-1 , ACME-2 ,' },
      { ...EMPTY_PATTERN, name: 'ids', regex: 'x' },
      { ...EMPTY_PATTERN, name: 'Bad Name', regex: 'x' },
      { ...EMPTY_PATTERN, name: 'empty' },
      { ...EMPTY_PATTERN, name: 'broken', regex: '[' },
    ];
    expect(guardrailsBody({ ...form, patterns }, 'team').errors).toEqual([
      'Two patterns are named ids',
      'Two patterns are named ids',
      'A pattern name is 1 to 40 lowercase letters, digits or underscores',
      'Give a regular expression of at most 500 characters, or at least one word',
      'The pattern broken is not a valid regular expression',
    ]);
    expect(guardrailsBody({ ...form, patterns: [patterns[0]] }, 'team').body?.patterns).toEqual([
      { name: 'ids', words: ['ACME-1', 'ACME-2'], action: 'redact' },
    ]);
    const many = Array.from({ length: 21 }, (_, i) => ({ ...EMPTY_PATTERN, name: `p${i}`, words: 'x' }));
    expect(guardrailsBody({ ...form, patterns: many }, 'team').errors?.at(-1)).toBe('At most 20 patterns');
  });

  it('names the operator’s floor only where it is stronger than the team’s choice', () => {
    const floor = { detectors: { card: 'block' as const, email: 'flag' as const }, patterns: [] };
    expect(floorNote('card', 'redact', floor)).toBe("The operator's floor applies: Block");
    expect(floorNote('email', 'redact', floor)).toBeNull();
    expect(floorNote('phone', 'off', null)).toBeNull();
    expect(shortActionLabel('flag')).toBe('Flag');
  });

  it('a key leaves a detector to its team unless it names one; its "off" is sent, as it widens the team’s', () => {
    const key = guardrailsForm({ policy: { detectors: { email: 'off' }, patterns: [] } }, 'key');
    expect(key.detectors).toMatchObject({ email: 'off', secret: 'inherit' });
    expect(guardrailsBody(key, 'key')).toEqual({ body: { detectors: { email: 'off' }, patterns: [] } });
    expect(shortActionLabel('inherit')).toBe("The team's");
    const floor = { detectors: { secret: 'block' as const }, patterns: [] };
    expect(floorNote('secret', 'inherit', floor)).toBe("At least Block (the operator's floor)");
    expect(floorNote('email', 'inherit', floor)).toBeNull();
  });

  it('the moderation check: a key’s off is null (the team’s is then off for it); the team’s off is no check', () => {
    const key = guardrailsForm({ policy: null }, 'key');
    expect(key.moderation).toEqual({ action: 'inherit', model: '' });
    expect(guardrailsBody({ ...key, moderation: { action: 'off', model: '' } }, 'key').body?.moderation).toBeNull();
    const team = guardrailsForm({ policy: null }, 'team');
    expect(guardrailsBody(team, 'team').body).not.toHaveProperty('moderation');
    const blocking = { ...team, moderation: { action: 'block' as const, model: ' ' } };
    expect(guardrailsBody(blocking, 'team').moderationError).toMatch(/^Name the model or route/);
    expect(
      guardrailsBody({ ...blocking, moderation: { action: 'flag', model: 'echo/moderation-1' } }, 'team').body,
    ).toMatchObject({ moderation: { model: 'echo/moderation-1', action: 'flag' } });
  });
});
