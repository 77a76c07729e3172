import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import { TopUsageTable, type TopUsageColumn } from '../usage/TopUsageTable';
import { formatDateTime } from '../../lib/time';
import { formatCount } from '../../lib/numbers';
import { formatCents } from '../../../contract/money';
import { creditTypeLabel } from '../billing/credits';
import { paymentStatusLabel } from '../billing/payments';
import type {
  AdminCreditEntry,
  AdminTeamDetail,
  AdminTeamKey,
  AdminTeamMember,
  AdminTeamPayment,
} from '../../../contract/schemas/adminConsole';

type UsageModel = AdminTeamDetail['usage']['models'][number];

const MEMBER_COLUMNS: TopUsageColumn<AdminTeamMember>[] = [
  { header: 'Member', cell: (m) => m.email ?? m.login },
  { header: 'Role', cell: (m) => (m.role === 'owner' ? 'Owner' : 'Member') },
  {
    header: 'Status',
    cell: (m) => (m.disabled ? <Chip size="small" color="error" label="Disabled" /> : 'Active'),
  },
  { header: 'Spent this month', cell: (m) => formatCents(m.month_spend_cents), numeric: true },
  {
    header: 'Monthly cap',
    cell: (m) => (m.monthly_cap_cents === null ? 'None' : formatCents(m.monthly_cap_cents)),
    numeric: true,
  },
];

const KEY_COLUMNS: TopUsageColumn<AdminTeamKey>[] = [
  { header: 'Key', cell: (k) => `${k.name} (${k.key_prefix}…)` },
  { header: 'Created by', cell: (k) => k.user?.email ?? k.user?.login ?? '-' },
  { header: 'Status', cell: (k) => (k.is_active ? 'Active' : 'Revoked') },
  { header: 'Last used', cell: (k) => formatDateTime(k.last_used_at, 'Never') },
];

const PAYMENT_COLUMNS: TopUsageColumn<AdminTeamPayment>[] = [
  { header: 'Order', cell: (p) => p.order_id },
  { header: 'Status', cell: (p) => paymentStatusLabel(p.status) },
  { header: 'Amount', cell: (p) => formatCents(p.amount_cents), numeric: true },
  { header: 'Refunded', cell: (p) => formatCents(p.refunded_cents), numeric: true },
  { header: 'Created', cell: (p) => formatDateTime(p.created_at) },
];

const CREDIT_COLUMNS: TopUsageColumn<AdminCreditEntry>[] = [
  { header: 'Date', cell: (e) => formatDateTime(e.created_at) },
  { header: 'Type', cell: (e) => creditTypeLabel(e.type) },
  { header: 'Description', cell: (e) => e.description },
  { header: 'By', cell: (e) => e.created_by ?? '-' },
  { header: 'Amount', cell: (e) => formatCents(e.amount_cents), numeric: true },
];

const USAGE_COLUMNS: TopUsageColumn<UsageModel>[] = [
  { header: 'Model', cell: (m) => `${m.provider}/${m.model}` },
  { header: 'Requests', cell: (m) => formatCount(m.requests), numeric: true },
  { header: 'Tokens', cell: (m) => formatCount(m.tokens), numeric: true },
  { header: 'Cost', cell: (m) => formatCents(m.cost_cents), numeric: true },
];

/** A team's page below its figures: members, keys (never a secret), payments, the ledger and its use by model. */
export function TeamSections({ detail }: { detail: AdminTeamDetail }) {
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, xl: 6 }}>
        <TopUsageTable
          id="team-members"
          title="Team members"
          columns={MEMBER_COLUMNS}
          rows={detail.members}
          rowKey={(m) => m.id}
          emptyText="No members"
        />
      </Grid>
      <Grid size={{ xs: 12, xl: 6 }}>
        <TopUsageTable
          id="team-keys"
          title="API keys"
          columns={KEY_COLUMNS}
          rows={detail.keys}
          rowKey={(k) => k.id}
          emptyText="No API keys"
        />
      </Grid>
      <Grid size={12}>
        <TopUsageTable
          id="team-credits"
          title="Credit history"
          columns={CREDIT_COLUMNS}
          rows={detail.credits}
          rowKey={(e) => e.id}
          emptyText="No credit entries"
        />
      </Grid>
      <Grid size={{ xs: 12, xl: 6 }}>
        <TopUsageTable
          id="team-payments"
          title="Payments"
          columns={PAYMENT_COLUMNS}
          rows={detail.payments}
          rowKey={(p) => p.order_id}
          emptyText="No payments"
        />
      </Grid>
      <Grid size={{ xs: 12, xl: 6 }}>
        <TopUsageTable
          id="team-usage"
          title="Usage by model, last 30 days"
          columns={USAGE_COLUMNS}
          rows={detail.usage.models}
          rowKey={(m) => `${m.provider}/${m.model}`}
        />
      </Grid>
    </Grid>
  );
}
