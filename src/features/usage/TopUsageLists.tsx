import Grid from '@mui/material/Grid';
import { formatCents } from '../../../contract/money';
import { topMembersByCost, topModelsByCost } from './usageReport';
import { modelUnits } from './modelUnits';
import type { UsageByMember, UsageByModel, UsageStats } from '../../../contract/schemas/usage';
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
  // A media model's units instead (docs/media.md): "12 images", "300 seconds of audio".
  { header: 'Tokens', cell: (model) => modelUnits(model) ?? formatCount(model.total_tokens), numeric: true },
  { header: 'Cost', cell: (model) => formatCents(model.total_cost_cents), numeric: true },
];

const HALF = { xs: 12, xl: 6 } as const;

const MEMBERS_TABLE = {
  id: 'top-members',
  title: 'Top Team Members by Usage',
  columns: MEMBER_COLUMNS,
  rowKey: (member: UsageByMember) => member.user_id,
};

const MODELS_TABLE = {
  id: 'top-models',
  title: 'Top Models by Usage',
  columns: MODEL_COLUMNS,
  rowKey: (model: UsageByModel) => model.model_name,
};

/**
 * 'Top Team Members by Usage' and 'Top Models by Usage': the 5 most expensive of each. Side by side only on a screen
 * wide enough for both tables' model names and costs (at 1280 px beside the sidebar, one above the other).
 */
export function TopUsageLists({ stats }: { stats: UsageStats }) {
  return (
    <Grid container spacing={2} sx={{ mb: 3 }}>
      <Grid size={HALF}>
        <TopUsageTable {...MEMBERS_TABLE} rows={topMembersByCost(stats.usage_by_member)} />
      </Grid>
      <Grid size={HALF}>
        <TopUsageTable {...MODELS_TABLE} rows={topModelsByCost(stats.usage_by_model)} />
      </Grid>
    </Grid>
  );
}
