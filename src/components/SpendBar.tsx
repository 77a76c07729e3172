import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { barWidth, budgetBarColor, type SpendOfLimit } from '../lib/budget';

interface SpendBarProps {
  /** Null: no limit, shown as `emptyText` without a bar. */
  spend: SpendOfLimit | null;
  emptyText: string;
  /** Under the bar, e.g. 'resets Dec 1, 2026'. */
  caption?: string | null;
  /** The bar's accessible name, e.g. 'Production spend against its limit'. */
  label: string;
}

/**
 * Spend against a limit in a small space (a grid cell, a card, a member row): '$12.34 of $50.00', a thin bar coloured
 * by the budget thresholds (docs/rules.md#budget-health), and a caption.
 */
export function SpendBar({ spend, emptyText, caption, label }: SpendBarProps) {
  if (!spend) {
    return (
      <Typography variant="body2" color="textSecondary">
        {emptyText}
      </Typography>
    );
  }
  return (
    <Box sx={{ minWidth: 0, width: '100%' }}>
      <Typography variant="body2" sx={{ lineHeight: 1.4 }}>
        {spend.text}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={barWidth(spend.percent)}
        color={spend.reached ? 'error' : budgetBarColor(spend.percent)}
        aria-label={label}
        aria-valuetext={spend.text}
        sx={{ height: 4, borderRadius: 2, my: 0.25 }}
      />
      {caption && (
        <Typography variant="caption" color="textSecondary" component="p" sx={{ lineHeight: 1.3 }}>
          {caption}
        </Typography>
      )}
    </Box>
  );
}
