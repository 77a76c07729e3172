import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { barWidth, budgetBarColor, budgetLimitNotices, formatPercent } from '../lib/budget';

/**
 * The budget progress bar: coloured by the budget thresholds (docs/rules.md#budget-health), capped at 100%, warning
 * above 90%, and exceeded beside the warning from 100%.
 */
export function BudgetBar({ percent, label = 'Budget used' }: { percent: number; label?: string }) {
  const notices = budgetLimitNotices(percent);
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
      {notices.length > 0 && (
        <Box role="alert" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, mt: 1 }}>
          {notices.map((notice) => (
            <Typography key={notice} variant="body2" color="error" sx={{ fontWeight: 600 }}>
              {notice}
            </Typography>
          ))}
        </Box>
      )}
    </Box>
  );
}
