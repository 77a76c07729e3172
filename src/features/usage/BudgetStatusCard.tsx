import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { BudgetBar } from '../../components/BudgetBar';
import { formatCents } from '../../../contract/money';
import { usageBudgetPercent } from './usageReport';
import type { UsageStats } from '../../store/types';

export function BudgetStatusCard({ stats }: { stats: UsageStats }) {
  return (
    <Card component="section" aria-labelledby="budget-status-title" sx={{ mb: 3 }}>
      <CardContent>
        <Typography id="budget-status-title" variant="h3" component="h2">
          Budget Status
        </Typography>
        <Typography sx={{ my: 1.5, fontWeight: 600 }}>
          {`${formatCents(stats.current_usage_cents)} / ${formatCents(stats.budget_limit_cents)}`}
        </Typography>
        <BudgetBar percent={usageBudgetPercent(stats)} />
      </CardContent>
    </Card>
  );
}
