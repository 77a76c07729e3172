import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BudgetBar } from '../../components/BudgetBar';
import { formatPercent } from '../../lib/budget';
import { formatMoney } from '../../../contract/money';
import { BillingCard } from './BillingCard';

interface BudgetUsageCardProps {
  used: number;
  limit: number;
  percent: number;
}

export function BudgetUsageCard({ used, limit, percent }: BudgetUsageCardProps) {
  return (
    <BillingCard titleId="budget-usage-title" title="Budget Usage">
      <BudgetBar percent={percent} />
      <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mt: 2 }}>
        <Typography>Used: {formatMoney(used)}</Typography>
        <Typography>Remaining: {formatMoney(Math.max(0, limit - used))}</Typography>
      </Stack>
      <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
        {formatPercent(percent)} of {formatMoney(limit)}
      </Typography>
    </BillingCard>
  );
}
