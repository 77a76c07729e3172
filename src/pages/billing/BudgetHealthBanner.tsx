import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { budgetHealth, formatPercent, HEALTH_LABELS } from '../../lib/budget';

const SEVERITY = { caution: 'info', warning: 'warning', exceeded: 'error' } as const;

/** Shown only when the budget is not healthy (spec §4 budget health). */
export function BudgetHealthBanner({ percent }: { percent: number }) {
  const health = budgetHealth(percent);
  if (health === 'healthy') return null;
  return (
    <Alert severity={SEVERITY[health]} sx={{ mb: 3 }}>
      <AlertTitle>{HEALTH_LABELS[health]}</AlertTitle>
      Your team has used {formatPercent(percent)} of its monthly budget.
    </Alert>
  );
}
