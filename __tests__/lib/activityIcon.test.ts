import { activityIcon, DEFAULT_ACTIVITY_ICON } from '../../src/features/dashboard/activityIcon';

describe('activity icon per type; others get the default icon', () => {
  it.each([
    ['api_key_created', 'key-created', 'primary'],
    ['api_key_first_used', 'key-first-used', 'success'],
    ['api_key_deactivated', 'key-deactivated', 'default'],
    ['api_key_rotated', 'key-rotated', 'primary'],
    ['member_cap_changed', 'team-updated', 'info'],
    ['request_failed', 'request-failed', 'error'],
    ['high_cost_request', 'high-cost', 'warning'],
    ['first_model_usage', 'new-model', 'info'],
    ['team_created', 'team-created', 'success'],
    ['team_updated', 'team-updated', 'info'],
    ['mystery_event', 'default', 'default'],
    ['', 'default', 'default'],
    ['API_KEY_CREATED', 'default', 'default'],
    ['toString', 'default', 'default'],
  ])('%p -> %s icon, %s tone', (type, name, tone) => {
    expect(activityIcon(type)).toEqual({ name, tone });
  });

  it('every known type has its own icon', () => {
    const known = [
      'api_key_created',
      'api_key_first_used',
      'api_key_deactivated',
      'api_key_rotated',
      'request_failed',
      'high_cost_request',
      'first_model_usage',
      'team_created',
      'team_updated',
    ];
    const names = known.map((type) => activityIcon(type).name);
    expect(new Set(names).size).toBe(known.length);
    expect(names).not.toContain(DEFAULT_ACTIVITY_ICON.name);
  });
});
