import { Fragment, memo, useDeferredValue, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { EmptyState } from './EmptyState';
import { GridPlaceholder } from './grid/GridPlaceholder';
import { FIRST_PAGE_SIZE } from './grid/pagedGrid';
import { listPage } from '../lib/listPage';
import { cardListHeight, CardsList } from './cardListStyle';

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
    // Rows that have arrived and wait to be drawn: their cards' height, so what is below does not move when they
    // show (the routing page's deployments section, pushed down by its routes on a phone: 0.03 of layout shift).
    const count = pages ? latest.length : Math.min(latest.length, FIRST_PAGE_SIZE);
    return <GridPlaceholder label={loadingLabel} minHeight={count > 0 ? cardListHeight(count, cardHeight) : 320} />;
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
  const [start, end] = pages ? [0, items.length] : [local.start, local.end];
  const turn = (direction: -1 | 1) => {
    page.onTurn(direction);
    // The next page starts at the list's top, not wherever the buttons were.
    top.current?.scrollIntoView?.({ block: 'start' });
  };
  return (
    <Box ref={top} aria-busy={loading || arriving} sx={{ scrollMarginTop: 72 }}>
      <Cards
        items={items}
        start={start}
        end={end}
        itemKey={itemKey}
        renderCard={renderCard}
        label={label}
        cardHeight={cardHeight}
      />
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

interface CardsProps<Item> {
  /** The list; the cards drawn are those from `start` to `end` (a page of it). */
  items: Item[];
  start: number;
  end: number;
  itemKey: (item: Item) => string;
  renderCard: (item: Item) => ReactNode;
  label: string;
  cardHeight: number;
}

function CardsOf<Item>({ items, start, end, itemKey, renderCard, label, cardHeight }: CardsProps<Item>) {
  return (
    <CardsList aria-label={label} style={{ '--card-height': `${cardHeight}px` } as CSSProperties}>
      {items.slice(start, end).map((item) => (
        <li key={itemKey(item)} className="CardList-card">
          {renderCard(item)}
        </li>
      ))}
    </CardsList>
  );
}

/**
 * The cards again only when their items or their renderer change: a page's other data arriving (a filter's choices,
 * a count) re-renders the page, and drew every card again each time, in one task, as a store update is (react-redux
 * renders them synchronously). `itemKey` is a pure function of an item: a new copy of it changes nothing.
 */
const Cards = memo(
  CardsOf,
  (before, after) =>
    before.items === after.items &&
    before.start === after.start &&
    before.end === after.end &&
    before.renderCard === after.renderCard &&
    before.label === after.label &&
    before.cardHeight === after.cardHeight,
) as typeof CardsOf;

/** A card's first line: the row's identifying text (never cut: it wraps), then e.g. a status chip at the end. */
export function CardTitle({ children, end }: { children: ReactNode; end?: ReactNode }) {
  return (
    <div className="CardList-title">
      <div className="CardList-titleText">{children}</div>
      {end && <div className="CardList-titleEnd">{end}</div>}
    </div>
  );
}

/** The card's name (in CardTitle): the row's identifying text, in bold. */
export function CardHeading({ children }: { children: ReactNode }) {
  return <p className="CardList-heading">{children}</p>;
}

/** A line under the card's name (in CardTitle), small and in the secondary text colour. */
export function CardCaption({ children }: { children: ReactNode }) {
  return <p className="CardList-caption">{children}</p>;
}

/** The row's other columns as label/value pairs, in the grid's order. */
export function CardFacts({ facts }: { facts: [label: string, value: ReactNode][] }) {
  return (
    <dl className="CardList-facts">
      {facts.map(([label, value]) => (
        <Fragment key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

/** The card's buttons in a row, their padding flush with the card's text. */
export function CardButtons({ children }: { children: ReactNode }) {
  return <div className="CardList-actions">{children}</div>;
}

export interface CardAction {
  label: string;
  onClick: () => void;
  /** The red, confirmed action (revoke, deactivate). */
  destructive?: boolean;
}

/**
 * The row's actions as text buttons: the grid's icons with their names spelled out. Plain buttons drawn as MUI's
 * small text Button (the list's stylesheet): a page of 25 cards has up to 100 of them, and MUI's each cost a phone
 * its styles, its ripple and its focus tracking at every render (docs/performance.md, "Cards styled once").
 */
export function CardActions({ actions }: { actions: CardAction[] }) {
  return (
    <CardButtons>
      {actions.map((action) => (
        <button
          key={action.label}
          type="button"
          className={action.destructive ? 'CardList-action CardList-destructive' : 'CardList-action'}
          onClick={action.onClick}
        >
          {action.label}
        </button>
      ))}
    </CardButtons>
  );
}
