import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { budgetHealth, formatPercent, HEALTH_LABELS } from '../../lib/budget';

const SEVERITY = { healthy: 'success', caution: 'info', warning: 'warning', exceeded: 'error' } as const;

/**
 * Every state is named, the healthy one too (docs/rules.md#budget-health); a limit of zero is 0 percent, within budget.
 */
export function BudgetHealthBanner({ percent }: { percent: number }) {
  const health = budgetHealth(percent);
  return (
    <Alert severity={SEVERITY[health]} role="status" aria-label="Budget health" sx={{ mb: 3 }}>
      <AlertTitle>{HEALTH_LABELS[health]}</AlertTitle>
      Your team has used {formatPercent(percent)} of its monthly budget.
    </Alert>
  );
}
