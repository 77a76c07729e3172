// Recent activity on the dashboard (docs/rules.md#dashboard): each known type has its own icon, anything else the
// default one. The icon is named here and drawn by the page, so the rule stays free of React.

export type ActivityIconName =
  | 'key-created'
  | 'key-first-used'
  | 'key-deactivated'
  | 'key-rotated'
  | 'request-failed'
  | 'high-cost'
  | 'new-model'
  | 'team-created'
  | 'team-updated'
  | 'default';

export type ActivityTone = 'primary' | 'success' | 'warning' | 'error' | 'info' | 'default';

export interface ActivityIcon {
  name: ActivityIconName;
  tone: ActivityTone;
}

const ICONS: Record<string, ActivityIcon> = {
  api_key_created: { name: 'key-created', tone: 'primary' },
  api_key_first_used: { name: 'key-first-used', tone: 'success' },
  api_key_deactivated: { name: 'key-deactivated', tone: 'default' },
  api_key_rotated: { name: 'key-rotated', tone: 'primary' },
  request_failed: { name: 'request-failed', tone: 'error' },
  high_cost_request: { name: 'high-cost', tone: 'warning' },
  first_model_usage: { name: 'new-model', tone: 'info' },
  team_created: { name: 'team-created', tone: 'success' },
  team_updated: { name: 'team-updated', tone: 'info' },
  // The owner changed a member's monthly cap (docs/governance.md#member-caps): a change to the team's settings.
  member_cap_changed: { name: 'team-updated', tone: 'info' },
};

export const DEFAULT_ACTIVITY_ICON: ActivityIcon = { name: 'default', tone: 'default' };

export function activityIcon(type: string): ActivityIcon {
  return Object.hasOwn(ICONS, type) ? ICONS[type] : DEFAULT_ACTIVITY_ICON;
}
