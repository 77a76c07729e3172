/**
 * The audit log's actions, target types and page size: plain values beside the schemas of contract/schemas/audit.ts, which re-exports them. The browser
 * imports these from here, so no page downloads TypeBox (docs/api-contract.md).
 */

/** Every action the log records, `<target type>.<what happened>`: the target's type is the part before the dot. */
export const AUDIT_ACTIONS = [
  'session.signed_in',
  'session.signed_out_everywhere',
  'team.created',
  'team.budget_changed',
  'team.cache_cleared',
  'member.invited',
  'member.joined',
  'member.removed',
  'member.cap_changed',
  'invite.cancelled',
  'api_key.created',
  'api_key.updated',
  'api_key.rotated',
  'api_key.revoked',
  'api_key.cache_cleared',
  'payment.link_created',
  'billing_details.updated',
  'credits.adjusted',
  'coupon.redeemed',
  'coupon.created',
  'coupon.updated',
  'coupon.deactivated',
  'pricing_tier.created',
  'pricing_tier.deactivated',
  'route.created',
  'route.updated',
  'route.deleted',
  'deployment.added',
  'deployment.updated',
  'deployment.removed',
  'credential.created',
  'credential.deleted',
  'credential.usage_key_set',
  'alert_settings.updated',
  'webhook.created',
  'webhook.updated',
  'webhook.deleted',
  'user.disabled',
  'user.enabled',
  'team.guardrails_changed',
  'api_key.guardrails_changed',
  'guardrails.floor_changed',
  'mcp_server.created',
  'mcp_server.updated',
  'mcp_server.deleted',
  'mcp_server.prices_changed',
  'team.tool_access_changed',
  'team.tool_capture_changed',
  'api_key.tool_access_changed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export type AuditTargetType = AuditAction extends `${infer Target}.${string}` ? Target : never;
export const auditTargetType = (action: AuditAction) => action.slice(0, action.indexOf('.')) as AuditTargetType;

export const AUDIT_TARGET_TYPES = [...new Set(AUDIT_ACTIONS.map(auditTargetType))];

export const AUDIT_LOG_DEFAULT_PAGE = 50;
