import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BudgetBar } from '../../components/BudgetBar';
import { formatPercent } from '../../lib/budget';
import { formatMoney } from '../../../contract/money';

interface BudgetUsageCardProps {
  used: number;
  limit: number;
  percent: number;
}

export function BudgetUsageCard({ used, limit, percent }: BudgetUsageCardProps) {
  return (
    <Card component="section" aria-labelledby="budget-usage-title" sx={{ height: '100%' }}>
      <CardContent>
        <Typography id="budget-usage-title" variant="h3" component="h2" sx={{ mb: 2 }}>
          Budget Usage
        </Typography>
        <BudgetBar percent={percent} />
        <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mt: 2 }}>
          <Typography>Used: {formatMoney(used)}</Typography>
          <Typography>Remaining: {formatMoney(Math.max(0, limit - used))}</Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {formatPercent(percent)} of {formatMoney(limit)}
        </Typography>
      </CardContent>
    </Card>
  );
}
