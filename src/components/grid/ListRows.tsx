import type { ComponentType, ReactNode } from 'react';
import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import { AfterFirstPaint } from '../AfterFirstPaint';
import { ErrorState } from '../ErrorState';
import { errorMessage } from '../../lib/apiError';
import { MOBILE_MEDIA_QUERY } from '../../theme';
import { GridPlaceholder } from './GridPlaceholder';
import type { CardPages } from '../CardList';

interface ListRowsProps<GridProps extends object> {
  /** The failed load, if any: said with `failedLabel` and a Retry (lists loaded by the grid itself have none). */
  error?: unknown;
  failedLabel?: string;
  onRetry?: () => void;
  /** The phone's cards: a phone never downloads the grid. */
  cards: ReactNode;
  /** The grid's chunk, requested once the page around it has painted (MUI X is most of the page's download). */
  loadGrid: () => Promise<{ default: ComponentType<GridProps> }>;
  gridProps: GridProps;
  loadingLabel: string;
}

/**
 * A list's rows (the logs', the admin lists'): the grid, or cards on a phone, or why they could not be loaded.
 * Thousands of rows stay quick: the grid and the cards show them a page (at most 100) at a time.
 */
export function ListRows<GridProps extends object>({
  error,
  failedLabel,
  onRetry,
  cards,
  loadGrid,
  gridProps,
  loadingLabel,
}: ListRowsProps<GridProps>) {
  const isMobile = useMediaQuery(MOBILE_MEDIA_QUERY, { noSsr: true });
  return (
    <Box sx={{ width: '100%', minWidth: 0 }}>
      {error ? (
        <ErrorState
          message={`${failedLabel}: ${errorMessage(error, 'Unknown error')}`}
          onRetry={onRetry ?? (() => undefined)}
        />
      ) : isMobile ? (
        cards
      ) : (
        <AfterFirstPaint
          load={loadGrid}
          props={gridProps}
          fallback={<GridPlaceholder label={loadingLabel} minHeight={320} />}
        />
      )}
    </Box>
  );
}

/** The phone cards' page turner over a log's keyset pages. */
export const cardPages = (log: { page: number; hasNextPage: boolean; turn: (page: number) => void }): CardPages => ({
  label: `Page ${log.page + 1}`,
  hasPrevious: log.page > 0,
  hasNext: log.hasNextPage,
  onTurn: (direction) => log.turn(log.page + direction),
});
