import {
  ACTION_LABELS,
  auditDiff,
  fieldLabel,
  valueText,
  auditFilters,
  auditViewFromParams,
  auditViewParams,
  EMPTY_AUDIT_VIEW,
  targetText,
} from '../../src/features/audit/auditLog';
import { AUDIT_ACTIONS } from '../../contract/schemas/audit';

describe('the audit log view, as the URL holds it', () => {
  it('reads every filter, and drops a value that is not one', () => {
    expect(
      auditViewFromParams(
        new URLSearchParams('actor= alice &action=team.budget_changed&target_type=team&from=2026-11-01&to=2026-11-15'),
      ),
    ).toEqual({
      actor: 'alice',
      action: 'team.budget_changed',
      target_type: 'team',
      target_id: '',
      from: '2026-11-01',
      to: '2026-11-15',
    });
    expect(
      auditViewFromParams(new URLSearchParams('action=nothing&target_type=x&from=2026-02-30&to=yesterday')),
    ).toEqual(EMPTY_AUDIT_VIEW);
  });

  it('sends whole UTC days, the last one included (the wire`s `to` is exclusive)', () => {
    expect(auditFilters({ ...EMPTY_AUDIT_VIEW, from: '2026-11-01', to: '2026-11-15', actor: 'alice' })).toEqual({
      actor: 'alice',
      from: '2026-11-01T00:00:00.000Z',
      to: '2026-11-16T00:00:00.000Z',
    });
    expect(auditFilters(EMPTY_AUDIT_VIEW)).toEqual({});
    expect(auditViewParams({ action: '', actor: 'bob' })).toEqual({ action: null, actor: 'bob' });
  });

  it('names every action and target', () => {
    expect(AUDIT_ACTIONS.every((action) => ACTION_LABELS[action].length > 0)).toBe(true);
    expect(targetText({ target_type: 'api_key', target_label: 'ci' })).toBe('API key "ci"');
    expect(targetText({ target_type: 'session', target_label: null })).toBe('Session');
  });
});

describe('before and after, field by field', () => {
  it('a change: changed, unchanged, added and removed fields in field order', () => {
    expect(
      auditDiff(
        { budget_limit_cents: 40_000, name: 'Acme', note: 'old' },
        { budget_limit_cents: 50_000, name: 'Acme', models: ['gpt-4o'] },
      ),
    ).toEqual([
      { field: 'budget_limit_cents', before: '$400.00', after: '$500.00', change: 'changed' },
      { field: 'models', before: '', after: '["gpt-4o"]', change: 'added' },
      { field: 'name', before: 'Acme', after: 'Acme', change: 'unchanged' },
      { field: 'note', before: 'old', after: '', change: 'removed' },
    ]);
  });

  it('a creation has only an after; a deletion only a before; null is a value', () => {
    expect(auditDiff(null, { cap_cents: null })).toEqual([
      { field: 'cap_cents', before: '', after: 'null', change: 'added' },
    ]);
    expect(auditDiff({ url: 'https://x' }, null)).toEqual([
      { field: 'url', before: 'https://x', after: '', change: 'removed' },
    ]);
    expect(auditDiff(null, null)).toEqual([]);
  });

  it.each([
    ['budget_limit_cents', 'Budget limit'],
    ['expires_in_seconds', 'Expires in'],
    ['is_active', 'Active'],
    ['session_id', 'Session ID'],
    ['previous_key_prefix', 'Previous key prefix'],
    ['name', 'Name'],
    ['_', '_'],
  ])('field %s reads %s', (field, label) => expect(fieldLabel(field)).toBe(label));

  it.each([
    [604_800, 'expires_in_seconds', '7 days'],
    [7_200, 'grace_seconds', '2 hours'],
    [300, 'grace_seconds', '5 minutes'],
    [90, 'grace_seconds', '90 seconds'],
    [1, 'grace_seconds', '1 second'],
    [0, 'grace_seconds', '0 seconds'],
    [1.5, 'grace_seconds', '1.5'],
    [true, 'is_active', 'Yes'],
    [false, 'disabled', 'No'],
    [12_345, 'amount_cents', '$123.45'],
    ['topup', 'type', 'topup'],
  ])('%p as %s reads %s', (value, field, text) => expect(valueText(value, field)).toBe(text));
});
