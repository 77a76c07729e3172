import Grid from '@mui/material/Grid';
import { StatCard } from '../../components/StatCard';
import type { TeamDashboard } from '../../../contract/schemas/teams';
import { estimatedMonthlyCost } from './estimate';
import { formatMoney } from '../../../contract/money';
import { formatCount } from '../../lib/numbers';

/** A balance under 500 dollars is low (docs/rules.md#low-balance). */
export const LOW_BALANCE_DOLLARS = 500;

interface BillingStatCardsProps {
  dashboard: TeamDashboard;
  balance: number | undefined;
  balanceFailed: boolean;
  today: Date;
}

function balanceText(balance: number | undefined, failed: boolean): string {
  if (balance !== undefined) return formatMoney(balance);
  return failed ? '-' : 'Loading...';
}

export function BillingStatCards({ dashboard, balance, balanceFailed, today }: BillingStatCardsProps) {
  const { team, current_month_stats: month } = dashboard;
  const cards = [
    {
      title: 'Credit Balance',
      value: balanceText(balance, balanceFailed),
      caption: balance !== undefined && balance < LOW_BALANCE_DOLLARS ? 'Low balance' : undefined,
    },
    { title: 'Current Month', value: formatMoney(month.total_cost), caption: 'Month to date' },
    {
      title: 'Estimated Monthly',
      value: formatMoney(estimatedMonthlyCost(month.total_cost, today)),
      caption: 'At the current pace',
    },
    { title: 'Budget Limit', value: formatMoney(team.budget_limit), caption: 'Per month' },
    { title: 'API Requests', value: formatCount(month.total_requests), caption: 'This month' },
  ];
  return (
    <Grid container spacing={2} sx={{ mb: 3 }}>
      {cards.map((card) => (
        <Grid key={card.title} size={{ xs: 12, sm: 6, lg: 'grow' }}>
          <StatCard title={card.title} value={card.value} caption={card.caption} />
        </Grid>
      ))}
    </Grid>
  );
}
