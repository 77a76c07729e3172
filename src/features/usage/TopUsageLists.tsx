import Grid from '@mui/material/Grid';
import { formatCents } from '../../../contract/money';
import { topMembersByCost, topModelsByCost } from './usageReport';
import type { UsageByMember, UsageByModel, UsageStats } from '../../store/types';
import { TopUsageTable, type TopUsageColumn } from './TopUsageTable';
import { formatCount } from '../../lib/numbers';

const MEMBER_COLUMNS: TopUsageColumn<UsageByMember>[] = [
  { header: 'Member', cell: (member) => member.user_email ?? member.user_id },
  { header: 'Requests', cell: (member) => formatCount(member.request_count), numeric: true },
  { header: 'Cost', cell: (member) => formatCents(member.total_cost_cents), numeric: true },
];

const MODEL_COLUMNS: TopUsageColumn<UsageByModel>[] = [
  { header: 'Model', cell: (model) => model.model_name },
  { header: 'Requests', cell: (model) => formatCount(model.request_count), numeric: true },
  { header: 'Tokens', cell: (model) => formatCount(model.total_tokens), numeric: true },
  { header: 'Cost', cell: (model) => formatCents(model.total_cost_cents), numeric: true },
];

/**
 * 'Top Team Members by Usage' and 'Top Models by Usage': the 5 most expensive of each. Side by side only on a screen
 * wide enough for both tables' model names and costs (at 1280 px beside the sidebar, one above the other).
 */
export function TopUsageLists({ stats }: { stats: UsageStats }) {
  return (
    <Grid container spacing={2} sx={{ mb: 3 }}>
      <Grid size={{ xs: 12, xl: 6 }}>
        <TopUsageTable
          id="top-members"
          title="Top Team Members by Usage"
          columns={MEMBER_COLUMNS}
          rows={topMembersByCost(stats.usage_by_member)}
          rowKey={(member) => member.user_id}
        />
      </Grid>
      <Grid size={{ xs: 12, xl: 6 }}>
        <TopUsageTable
          id="top-models"
          title="Top Models by Usage"
          columns={MODEL_COLUMNS}
          rows={topModelsByCost(stats.usage_by_model)}
          rowKey={(model) => model.model_name}
        />
      </Grid>
    </Grid>
  );
}
