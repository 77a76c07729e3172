import { Type, type Static } from 'typebox';
import { Composite, LiteralUnion, MAX_AMOUNT_CENTS, Nullable } from './common';
import {
  ALERT_KINDS,
  MAX_BUDGET_THRESHOLDS,
  MAX_THRESHOLD_PERCENT,
  MAX_RUNWAY_DAYS,
  MAX_EXTRA_RECIPIENTS,
  THRESHOLDS_MESSAGE,
  BALANCE_BELOW_MESSAGE,
  RUNWAY_MESSAGE,
  RECIPIENTS_MESSAGE,
  WEBHOOK_URL_MESSAGE,
} from '../rules/alerts';
export * from '../rules/alerts';

/**
 * Alerts (docs/alerts.md): what the team owner asks to be told about, how (email, webhooks, the bell) and what was
 * sent. Money is in cents, as every `_cents` field.
 */

/** What the owner sets (PUT), whole: every field is sent. */
export const AlertSettingsBody = Type.Object({
  budget_thresholds: Type.Array(
    Type.Integer({ minimum: 1, maximum: MAX_THRESHOLD_PERCENT, errorMessage: THRESHOLDS_MESSAGE }),
    { maxItems: MAX_BUDGET_THRESHOLDS, errorMessage: THRESHOLDS_MESSAGE },
  ),
  /** Tell when the credit balance falls below this; null: off. */
  balance_below_cents: Nullable(
    Type.Integer({ minimum: 1, maximum: MAX_AMOUNT_CENTS, errorMessage: BALANCE_BELOW_MESSAGE }),
  ),
  /** Tell when the balance lasts fewer than this many days at the last 7 days' rate; null: off. */
  runway_days: Nullable(Type.Integer({ minimum: 1, maximum: MAX_RUNWAY_DAYS, errorMessage: RUNWAY_MESSAGE })),
  /** Tell when an API key reaches its spending limit. */
  key_limit: Type.Boolean({ errorMessage: 'key_limit must be true or false' }),
  /** Tell when a member reaches the monthly cap the owner set them (they are told too). */
  member_cap: Type.Boolean({ errorMessage: 'member_cap must be true or false' }),
  /** Told besides the team's owners. */
  extra_recipients: Type.Array(Type.String({ format: 'email', maxLength: 254, errorMessage: RECIPIENTS_MESSAGE }), {
    maxItems: MAX_EXTRA_RECIPIENTS,
    errorMessage: RECIPIENTS_MESSAGE,
  }),
});
export type AlertSettingsBody = Static<typeof AlertSettingsBody>;

/** A team that never changed its alerts has these. */
export const DEFAULT_ALERT_SETTINGS: AlertSettingsBody = {
  budget_thresholds: [50, 80, 100],
  balance_below_cents: null,
  runway_days: null,
  key_limit: true,
  member_cap: true,
  extra_recipients: [],
};

export const AlertSettings = Composite([
  AlertSettingsBody,
  Type.Object({
    /** The team's owners' addresses: always told. */
    owner_recipients: Type.Array(Type.String()),
  }),
]);
export type AlertSettings = Static<typeof AlertSettings>;

/** One entry of the bell's list. */
export const Notification = Type.Object({
  id: Type.String(),
  kind: Nullable(LiteralUnion(ALERT_KINDS)),
  title: Type.String(),
  message: Type.String(),
  created_at: Type.String(),
  read: Type.Boolean(),
});
export type Notification = Static<typeof Notification>;

export const NOTIFICATIONS_SHOWN = 20;
export const NotificationList = Type.Object({
  notifications: Type.Array(Notification),
  unread_count: Type.Integer(),
});
export type NotificationList = Static<typeof NotificationList>;

/** Marks these read, or every one when `ids` is absent. */
export const NotificationsReadBody = Type.Object({
  ids: Type.Optional(
    Type.Array(Type.String({ format: 'uuid', errorMessage: 'ids must be notification ids' }), {
      maxItems: 100,
      errorMessage: 'ids must be at most 100 notification ids',
    }),
  ),
});
export type NotificationsReadBody = Static<typeof NotificationsReadBody>;

export const WEBHOOK_DESCRIPTION_MAX = 200;

export const WebhookEndpointCreateBody = Type.Object({
  url: Type.String({ minLength: 1, maxLength: 2000, errorMessage: WEBHOOK_URL_MESSAGE }),
  description: Type.Optional(
    Type.String({
      maxLength: WEBHOOK_DESCRIPTION_MAX,
      errorMessage: `The description must be at most ${WEBHOOK_DESCRIPTION_MAX} characters.`,
    }),
  ),
});
export type WebhookEndpointCreateBody = Static<typeof WebhookEndpointCreateBody>;

export const WebhookEndpointUpdateBody = Type.Object(
  {
    enabled: Type.Optional(Type.Boolean({ errorMessage: 'enabled must be true or false' })),
    description: WebhookEndpointCreateBody.properties.description,
  },
  { minProperties: 1, errorMessage: 'Send enabled or description.' },
);
export type WebhookEndpointUpdateBody = Static<typeof WebhookEndpointUpdateBody>;

export const DELIVERY_STATUSES = ['pending', 'sending', 'succeeded', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const WebhookEndpoint = Type.Object({
  id: Type.String(),
  url: Type.String(),
  description: Type.String(),
  enabled: Type.Boolean(),
  /** A Slack incoming webhook (hooks.slack.com): sent Slack's `{ text }` body. */
  slack: Type.Boolean(),
  created_at: Type.String(),
});
export type WebhookEndpoint = Static<typeof WebhookEndpoint>;

/** The answer to adding one: its signing secret, shown this once. */
export const CreatedWebhookEndpoint = Composite([WebhookEndpoint, Type.Object({ secret: Type.String() })]);
export type CreatedWebhookEndpoint = Static<typeof CreatedWebhookEndpoint>;

export const WebhookEndpointList = Type.Object({ endpoints: Type.Array(WebhookEndpoint) });
export type WebhookEndpointList = Static<typeof WebhookEndpointList>;

export const WebhookTry = Type.Object({
  attempt: Type.Integer(),
  attempted_at: Type.String(),
  /** The answer's HTTP status, or null when there was none (refused, timed out, unreachable). */
  status_code: Nullable(Type.Integer()),
  error: Nullable(Type.String()),
  duration_ms: Type.Integer(),
});
export type WebhookTry = Static<typeof WebhookTry>;

export const WebhookDelivery = Type.Object({
  id: Type.String(),
  endpoint_id: Type.String(),
  event_type: Type.String(),
  status: LiteralUnion(DELIVERY_STATUSES),
  attempts: Type.Integer(),
  last_status_code: Nullable(Type.Integer()),
  last_error: Nullable(Type.String()),
  /** The start of the last answer's body, at most WEBHOOK_EXCERPT_BYTES. */
  response_excerpt: Nullable(Type.String()),
  created_at: Type.String(),
  next_attempt_at: Nullable(Type.String()),
  completed_at: Nullable(Type.String()),
  tries: Type.Array(WebhookTry),
});
export type WebhookDelivery = Static<typeof WebhookDelivery>;

export const WEBHOOK_EXCERPT_BYTES = 512;
export const WEBHOOK_DELIVERIES_SHOWN = 20;
export const WebhookDeliveryList = Type.Object({ deliveries: Type.Array(WebhookDelivery) });
export type WebhookDeliveryList = Static<typeof WebhookDeliveryList>;

export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'kept', 'failed'] as const;
export const OutboxMessage = Type.Object({
  id: Type.String(),
  created_at: Type.String(),
  team_name: Nullable(Type.String()),
  kind: Type.Union([Type.Literal('alert'), Type.Literal('invite'), Type.Literal('test')]),
  recipients: Type.Array(Type.String()),
  subject: Type.String(),
  body_text: Type.String(),
  status: LiteralUnion(OUTBOX_STATUSES),
  attempts: Type.Integer(),
  last_error: Nullable(Type.String()),
  sent_at: Nullable(Type.String()),
});
export type OutboxMessage = Static<typeof OutboxMessage>;

export const OutboxPage = Type.Object({ messages: Type.Array(OutboxMessage), total: Type.Integer() });
export type OutboxPage = Static<typeof OutboxPage>;
