// The raw collections of the fake backend. Rows keep the wire field names (docs/api-contract.md) plus the foreign
// keys the wire shapes leave out (team_id, user_id), so a test can push or edit a row and see it in every response.
import type { GuardrailPolicy } from '../../../contract/schemas/guardrails';
import type { KeyMcpAccess, McpDefaultAccess, McpServerView, McpToolView } from '../../../contract/schemas/mcp';
import type { AuthUser } from '../../../contract/schemas/auth';
import type { ApiKey } from '../../../contract/schemas/apiKeys';
import type { CreditEntry, CreditEntryType, Payment } from '../../../contract/schemas/billing';
import type { BillingDetails } from '../../../contract/schemas/billingDetails';
import type { Coupon, CouponRedemption } from '../../../contract/schemas/coupons';
import type { PricingTier } from '../../../contract/schemas/pricing';
import type {
  ReconciliationRow,
  DeploymentHealth,
  HealthWindow,
  ModelRoute,
  ProviderCredential,
} from '../../../contract/schemas/routing';
import type { ActivityItem, DashboardStats } from '../../../contract/schemas/teams';
import type { RequestLogEntry, ToolCallContent } from '../../../contract/schemas/requestLog';
import type {
  AlertSettingsBody,
  Notification,
  OutboxMessage,
  WebhookDelivery,
  WebhookEndpoint,
} from '../../../contract/schemas/alerts';
import type { AuditEntry } from '../../../contract/schemas/audit';
import type { RequestLogKey } from '../../../contract/schemas/requestLog';

export type TeamRole = 'owner' | 'member';

/** A user row; the wire's `team_id` and `team_role` are derived from the memberships (fakeDb.user, currentUser). */
export type FakeUser = Required<Omit<AuthUser, 'team_id' | 'team_role'>>;

/** A team; `budget_limit` and `current_usage` (month to date) are dollars, as on the wire. */
export interface FakeTeam {
  id: string;
  name: string;
  budget_limit: number;
  current_usage: number;
  created_at: string;
}

export interface FakeMembership {
  team_id: string;
  user_id: string;
  role: TeamRole;
  /** When the user joined. */
  created_at: string;
  /** The owner's monthly cap on this member's keys (cents); absent or null for none. */
  monthly_cap_cents?: number | null;
}

export interface FakeInvite {
  id: string;
  team_id: string;
  email: string;
  status: 'pending';
  invited_by: string;
  created_at: string;
}

/**
 * A key row: the wire fields as they are answered (period_spend_cents and period_resets_at included, so a test sets
 * the spend it needs) but the block, which is derived from the key, its creator's cap and the team (keyView), plus
 * the team and the secrets, which the wire never carries after creation or rotation.
 */
export interface FakeApiKey extends Required<Omit<ApiKey, 'blocked_by' | 'blocked_until'>> {
  team_id: string;
  /** The full secret (only known for keys created or rotated through the fake). */
  key: string | null;
  /** The previous secret while its grace period runs (only known for keys rotated through the fake). */
  previous_key?: string | null;
}

export interface FakeRevokedKey extends RequestLogKey {
  team_id: string;
}

export interface FakeCreditEntry extends CreditEntry {
  team_id: string;
  type: CreditEntryType;
  /** The administrator's login for a manual adjustment (the console's team page shows it). */
  created_by?: string;
}

export interface FakePayment extends Required<Payment> {
  team_id: string;
}

export interface FakeRedemption extends CouponRedemption {
  team_id: string;
  coupon_id: string;
}

export interface FakeActivity extends ActivityItem {
  team_id: string;
}

/** One day of one member's use of one model; every usage figure the API reports is derived from these rows. */
export interface FakeUsageRow {
  team_id: string;
  /** YYYY-MM-DD (UTC). */
  date: string;
  user_id: string;
  model: string;
  provider: string;
  request_count: number;
  total_tokens: number;
  cost_cents: number;
}

/** A stored credential; the fake keeps the secret it was sent only so tests can see it never comes back. */
export interface FakeCredential extends ProviderCredential {
  secret: string;
}

/** One gateway request in the request log, as the wire has it plus its team. */
export interface FakeRequest extends RequestLogEntry {
  team_id: string;
  /** A tool call's kept content (docs/mcp.md#content-capture): only the entry's own route gives it. */
  tool_content?: ToolCallContent | null;
}

/** A webhook endpoint with its team and the signing secret the wire shows only when it is added. */
export interface FakeWebhookEndpoint extends WebhookEndpoint {
  team_id: string;
  secret: string;
}

/** A delivery to one endpoint, as the wire has it (its endpoint_id names the endpoint). */
export type FakeWebhookDelivery = WebhookDelivery;

/** A notification in one person's bell. */
export interface FakeNotification extends Notification {
  user_id: string;
}

export interface FakeState {
  users: FakeUser[];
  /** The OpenID providers GET /v1/auth/providers names (none by default, as a server without OIDC_PROVIDERS). */
  signInProviders: { id: string; name: string }[];
  teams: FakeTeam[];
  memberships: FakeMembership[];
  invites: FakeInvite[];
  apiKeys: FakeApiKey[];
  /** Keys revoked (gone from the API Keys list; the request log's key filter still names them). */
  revokedKeys: FakeRevokedKey[];
  credits: FakeCreditEntry[];
  payments: FakePayment[];
  /** By team id; a team without an entry has saved none. */
  billingDetails: Record<string, BillingDetails>;
  coupons: Coupon[];
  redemptions: FakeRedemption[];
  pricing: PricingTier[];
  /** Model routes with their deployments, in name order as listed. */
  modelRoutes: ModelRoute[];
  credentials: FakeCredential[];
  /** Returned as is by GET /v1/admin/routing/health. */
  providerHealth: Record<HealthWindow, DeploymentHealth[]>;
  /** Returned by GET /v1/admin/routing/reconciliation; "Reconcile now" marks every credential with a usage key. */
  reconciliation: ReconciliationRow[];
  usage: FakeUsageRow[];
  /** The request log, in no particular order (the route sorts). */
  requests: FakeRequest[];
  /** The response cache's answers, by whose they are (api_key_id null: the team's); the purges delete them. */
  cacheEntries: { team_id: string; api_key_id: string | null }[];
  activities: FakeActivity[];
  /** Returned as is by GET /v1/dashboard/stats. */
  dashboardStats: DashboardStats;
  /** Users an administrator disabled, by id: when (the console's users list, docs/governance.md#disabled-users). */
  disabledUsers: Record<string, string>;
  /** By team id; a team without an entry has the defaults (DEFAULT_ALERT_SETTINGS). */
  alertSettings: Record<string, AlertSettingsBody>;
  /** Guardrail policies by team id (docs/guardrails.md), and the operator's floor. */
  guardrailPolicies: Record<string, GuardrailPolicy>;
  /** Keys' own guardrail policies by key id. */
  keyGuardrailPolicies: Record<string, GuardrailPolicy>;
  guardrailFloor: GuardrailPolicy | null;
  /** MCP servers (docs/mcp.md): the view, whose team (null: the operator's), and the tools it lists or why it cannot. */
  mcpServers: FakeMcpServer[];
  /** What a team's keys may call by default, by team id (none without an entry). */
  mcpDefaults: Record<string, McpDefaultAccess>;
  /** Whether a team keeps its tool calls' content, by team id (off without an entry). */
  mcpCapture: Record<string, boolean>;
  /** Keys' own tool access, by key id (the team's default without an entry). */
  keyMcpAccess: Record<string, KeyMcpAccess>;
  webhookEndpoints: FakeWebhookEndpoint[];
  webhookDeliveries: FakeWebhookDelivery[];
  notifications: FakeNotification[];
  /** Every email, newest last. */
  outbox: OutboxMessage[];
  /** Every change, in the order made (ids increase). */
  auditLog: AuditEntry[];
}

export interface FakeMcpServer extends McpServerView {
  team_id: string | null;
  tools: Pick<McpToolView, 'name' | 'title' | 'description'>[];
  /** Why the server cannot list its tools now (its credential refused, say); absent when it can. */
  tools_error?: string;
}
