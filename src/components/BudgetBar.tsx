import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { barWidth, budgetBarColor, budgetLimitNotice, formatPercent } from '../lib/budget';

/**
 * The budget progress bar: coloured by the budget thresholds (docs/rules.md#budget-health), capped at 100%, warning
 * above 90%, exceeded from 100%.
 */
export function BudgetBar({ percent, label = 'Budget used' }: { percent: number; label?: string }) {
  const notice = budgetLimitNotice(percent);
  return (
    <Box>
      <LinearProgress
        variant="determinate"
        value={barWidth(percent)}
        color={budgetBarColor(percent)}
        aria-label={label}
        aria-valuetext={formatPercent(percent)}
        sx={{ height: 10, borderRadius: 5 }}
      />
      {notice && (
        <Typography role="alert" variant="body2" color="error" sx={{ mt: 1, fontWeight: 600 }}>
          {notice}
        </Typography>
      )}
    </Box>
  );
}
