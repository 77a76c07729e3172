import visuallyHidden from '@mui/utils/visuallyHidden';
import ButtonBase from '@mui/material/ButtonBase';
import { BreakableText } from '../BreakableText';
import { formatClockTime, formatDate } from '../../lib/time';

const LINES = {
  block: 'cell-lines',
  primary: 'cell-primary',
  secondary: 'cell-secondary',
  strong: 'cell-strong',
  mono: 'cell-mono',
  code: 'cell-code',
  open: 'cell-open',
  heard: 'cell-heard',
} as const;

/**
 * CellLines' and OpenRowTime's styles, given once to every list grid (PagedDataGrid) rather than to each line of each
 * cell: a Typography or Box with its own `sx` per line made emotion serialise and hash the same styles again for every
 * row (docs/performance.md, "Grid cells styled once").
 */
export const CELL_LINES_SX = {
  [`& .${LINES.block}`]: { py: 1, minWidth: 0, lineHeight: 1.4 },
  [`& .${LINES.primary}`]: { typography: 'body2', m: 0 },
  [`& .${LINES.secondary}`]: { typography: 'caption', color: 'text.secondary', m: 0 },
  [`& .${LINES.strong}`]: { fontWeight: 600 },
  [`& .${LINES.mono}`]: { fontFamily: 'monospace' },
  [`& .${LINES.code}`]: { fontFamily: 'monospace', fontSize: 12 },
  [`& .${LINES.open}`]: { justifyContent: 'flex-start', textAlign: 'left', borderRadius: 1, color: 'primary.main' },
  [`& .${LINES.heard}`]: visuallyHidden,
} as const;

/**
 * A cell of two lines, the second smaller and quieter; long words break rather than overflow (the grids wrap what
 * does not fit: WRAPPING_GRID). `mono` sets the second line in a monospace font (a key's prefix); `strong` sets the
 * first in bold (a row's name).
 */
export function CellLines({
  primary,
  secondary,
  mono,
  strong,
}: {
  primary: string;
  secondary?: string | null;
  mono?: boolean;
  strong?: boolean;
}) {
  return (
    <div className={LINES.block}>
      <p className={strong ? `${LINES.primary} ${LINES.strong}` : LINES.primary}>
        <BreakableText text={primary} />
      </p>
      {secondary && (
        <p className={mono ? `${LINES.secondary} ${LINES.mono}` : LINES.secondary}>
          <BreakableText text={secondary} />
        </p>
      )}
    </div>
  );
}

/** A value in a small monospace font (a key's prefix), never wrapped by the grid. */
export function CellCode({ text }: { text: string }) {
  return <code className={LINES.code}>{text}</code>;
}

/**
 * A log row's time, the clock first and the date under it, as a button: a screen reader hears that the row opens
 * (a click anywhere on the row, or Enter on any cell, opens it too: KeysetDataGrid). `opens` is what opening does.
 */
export function OpenRowTime({ at, opens }: { at: string; opens: string }) {
  return (
    <ButtonBase className={LINES.open}>
      <CellLines primary={formatClockTime(at)} secondary={formatDate(at)} />
      {/* Heard after the visible time and date, so the button's name holds its text (WCAG 2.5.3). */}
      <span className={LINES.heard}>, {opens.toLowerCase()}</span>
    </ButtonBase>
  );
}
