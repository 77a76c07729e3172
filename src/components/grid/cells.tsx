import visuallyHidden from '@mui/utils/visuallyHidden';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { BreakableText } from '../BreakableText';
import { formatClockTime, formatDate } from '../../lib/time';

/**
 * A cell of two lines, the second smaller and quieter; long words break rather than overflow (the grids wrap what
 * does not fit: WRAPPING_GRID). `mono` sets the second line in a monospace font (a key's prefix).
 */
export function CellLines({
  primary,
  secondary,
  mono,
}: {
  primary: string;
  secondary?: string | null;
  mono?: boolean;
}) {
  return (
    <Box sx={{ py: 1, minWidth: 0, lineHeight: 1.4 }}>
      <Typography variant="body2">
        <BreakableText text={primary} />
      </Typography>
      {secondary && (
        <Typography
          variant="caption"
          color="text.secondary"
          component="p"
          sx={{ fontFamily: mono ? 'monospace' : undefined }}
        >
          <BreakableText text={secondary} />
        </Typography>
      )}
    </Box>
  );
}

/**
 * A log row's time, the clock first and the date under it, as a button: a screen reader hears that the row opens
 * (a click anywhere on the row, or Enter on any cell, opens it too: KeysetDataGrid). `opens` is what opening does.
 */
export function OpenRowTime({ at, opens }: { at: string; opens: string }) {
  return (
    <ButtonBase sx={{ justifyContent: 'flex-start', textAlign: 'left', borderRadius: 1, color: 'primary.main' }}>
      <CellLines primary={formatClockTime(at)} secondary={formatDate(at)} />
      {/* Heard after the visible time and date, so the button's name holds its text (WCAG 2.5.3). */}
      <Box component="span" sx={visuallyHidden}>
        , {opens.toLowerCase()}
      </Box>
    </ButtonBase>
  );
}
