import Typography from '@mui/material/Typography';
import { BudgetBar } from '../../components/BudgetBar';
import { formatCents } from '../../../contract/money';
import { usageBudgetPercent } from './usageReport';
import type { UsageStats } from '../../../contract/schemas/usage';
import { SectionCard } from '../../components/SectionCard';

export function BudgetStatusCard({ stats }: { stats: UsageStats }) {
  return (
    <SectionCard titleId="budget-status-title" title="Budget Status" titleVariant="h3" sx={{ mb: 3 }}>
      <Typography sx={{ my: 1.5, fontWeight: 600 }}>
        {`${formatCents(stats.current_usage_cents)} / ${formatCents(stats.budget_limit_cents)}`}
      </Typography>
      <BudgetBar percent={usageBudgetPercent(stats)} />
    </SectionCard>
  );
}
