import Grid from '@mui/material/Grid';
import AttachMoney from '@mui/icons-material/AttachMoney';
import Bolt from '@mui/icons-material/Bolt';
import Groups from '@mui/icons-material/Groups';
import PieChart from '@mui/icons-material/PieChart';
import { StatCard } from '../../components/StatCard';
import { formatPercent } from '../../lib/budget';
import { formatCents } from '../../../contract/money';
import { activeMemberCount, usageBudgetPercent } from './usageReport';
import type { UsageStats } from '../../../contract/schemas/usage';
import { formatCount } from '../../lib/numbers';

export function UsageSummaryCards({ stats }: { stats: UsageStats }) {
  const cards = [
    { title: 'Total Cost', value: formatCents(stats.total_cost_cents), icon: <AttachMoney /> },
    { title: 'Total Requests', value: formatCount(stats.total_requests), icon: <Bolt /> },
    { title: 'Active Members', value: formatCount(activeMemberCount(stats.usage_by_member)), icon: <Groups /> },
    { title: 'Budget Usage', value: formatPercent(usageBudgetPercent(stats)), icon: <PieChart /> },
  ];
  return (
    <Grid container spacing={2} sx={{ mb: 3 }}>
      {cards.map((card) => (
        <Grid key={card.title} size={{ xs: 12, sm: 6, md: 3 }}>
          <StatCard title={card.title} value={card.value} icon={card.icon} />
        </Grid>
      ))}
    </Grid>
  );
}
