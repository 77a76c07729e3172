import { useDeferredValue, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { EmptyState } from './EmptyState';
import { GridPlaceholder } from './grid/GridPlaceholder';
import { FIRST_PAGE_SIZE } from './grid/pagedGrid';
import { listPage } from '../lib/listPage';

export interface CardListProps<Item> {
  items: Item[];
  itemKey: (item: Item) => string;
  /** The content of one card: the grid's columns of one row, in the grid's order. */
  renderCard: (item: Item) => ReactNode;
  /** The list's accessible name ('Coupons', 'API keys'), as the grid's. */
  label: string;
  /** The loading indicator's name ('Loading coupons'). */
  loadingLabel: string;
  loading?: boolean;
  noRowsLabel: string;
  /** A card's usual height, held for cards not yet drawn (see CARD_SX). */
  cardHeight?: number;
  /**
   * Pages turned by the caller (a server's keyset pages): `items` are then one page, shown whole. Without it the
   * list pages `items` itself.
   */
  pages?: CardPages;
}

export interface CardPages {
  label: string;
  hasPrevious: boolean;
  hasNext: boolean;
  onTurn: (direction: -1 | 1) => void;
}

/**
 * A list grid on a phone: each row as a card, a page of 25 at a time. A grid's columns do not fit 375 px, and
 * mounting the DataGrid costs a phone a long task (docs/performance.md), so a phone never downloads it.
 */
export function CardList<Item>({
  items: latest,
  itemKey,
  renderCard,
  label,
  loadingLabel,
  loading = false,
  noRowsLabel,
  cardHeight = 188,
  pages,
}: CardListProps<Item>) {
  const [requestedPage, setRequestedPage] = useState(0);
  const top = useRef<HTMLDivElement>(null);
  // The list's arrival is a store update, which React renders at once, in one task; 25 cards in one go are a long
  // task on a phone. Deferred, they render in slices that leave the browser free in between.
  const items = useDeferredValue(latest);
  const arriving = items !== latest;
  if ((loading || arriving) && items.length === 0) {
    return <GridPlaceholder label={loadingLabel} minHeight={320} />;
  }
  if (items.length === 0) {
    return (
      <Paper variant="outlined">
        <EmptyState title={noRowsLabel} />
      </Paper>
    );
  }
  const local = listPage(items.length, requestedPage, FIRST_PAGE_SIZE);
  const page = pages ?? {
    label: local.label,
    hasPrevious: local.hasPrevious,
    hasNext: local.hasNext,
    onTurn: (direction: -1 | 1) => setRequestedPage(local.page + direction),
  };
  const shown = pages ? items : items.slice(local.start, local.end);
  const turn = (direction: -1 | 1) => {
    page.onTurn(direction);
    // The next page starts at the list's top, not wherever the buttons were.
    top.current?.scrollIntoView?.({ block: 'start' });
  };
  // A card off screen is not styled, laid out or painted until it nears the viewport (it stays in the accessibility
  // tree and find-in-page); 'auto' remembers its real height once drawn, so the scrollbar does not jump.
  const cardSx = { p: 2, minWidth: 0, contentVisibility: 'auto', containIntrinsicSize: `auto ${cardHeight}px` };
  return (
    <Box ref={top} aria-busy={loading || arriving} sx={{ scrollMarginTop: 72 }}>
      <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
        {shown.map((item) => (
          <Paper key={itemKey(item)} component="li" variant="outlined" sx={cardSx}>
            {renderCard(item)}
          </Paper>
        ))}
      </Box>
      <Box
        component="nav"
        aria-label={`${label}: pages`}
        sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 1, pt: 1.5 }}
      >
        <Typography variant="body2" role="status">
          {page.label}
        </Typography>
        <IconButton aria-label="Go to previous page" disabled={!page.hasPrevious} onClick={() => turn(-1)}>
          <ChevronLeft />
        </IconButton>
        <IconButton aria-label="Go to next page" disabled={!page.hasNext} onClick={() => turn(1)}>
          <ChevronRight />
        </IconButton>
      </Box>
    </Box>
  );
}

/** A card's first line: the row's identifying text (never cut: it wraps), then e.g. a status chip at the end. */
export function CardTitle({ children, end }: { children: ReactNode; end?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
      <Box sx={{ minWidth: 0, flex: 1, overflowWrap: 'anywhere' }}>{children}</Box>
      {end && <Box sx={{ flexShrink: 0 }}>{end}</Box>}
    </Box>
  );
}

/** The row's other columns as label/value pairs, in the grid's order. */
export function CardFacts({ facts }: { facts: [label: string, value: ReactNode][] }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.25, my: 1 }}>
      {facts.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="textSecondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

export interface CardAction {
  label: string;
  onClick: () => void;
  /** The red, confirmed action (revoke, deactivate). */
  destructive?: boolean;
}

/** The row's actions as text buttons: the grid's icons with their names spelled out. */
export function CardActions({ actions }: { actions: CardAction[] }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mx: -1, mb: -1 }}>
      {actions.map((action) => (
        <Button
          key={action.label}
          size="small"
          color={action.destructive ? 'error' : 'primary'}
          onClick={action.onClick}
        >
          {action.label}
        </Button>
      ))}
    </Box>
  );
}
