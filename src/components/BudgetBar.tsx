import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { barWidth, budgetBarColor, formatPercent, isNearBudgetLimit } from '../lib/budget';

export const NEAR_LIMIT_WARNING = 'Warning: Approaching budget limit';

/** The budget progress bar: coloured by the §9 thresholds, capped at 100%, warning above 90%. */
export function BudgetBar({ percent, label = 'Budget used' }: { percent: number; label?: string }) {
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
      {isNearBudgetLimit(percent) && (
        <Typography role="alert" variant="body2" color="error" sx={{ mt: 1, fontWeight: 600 }}>
          {NEAR_LIMIT_WARNING}
        </Typography>
      )}
    </Box>
  );
}
