import { useDeferredValue, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import ContentCopy from '@mui/icons-material/ContentCopy';
import { EmptyState } from '../../../components/EmptyState';
import { GridPlaceholder } from '../../../components/grid/GridPlaceholder';
import { FIRST_PAGE_SIZE } from '../../../components/grid/pagedGrid';
import { NO_EXPIRY, remainingUses, usesText } from '../../../lib/couponAdmin';
import { listPage } from '../../../lib/listPage';
import { formatMoney } from '../../../lib/money';
import { formatDateTime } from '../../../lib/time';
import type { Coupon } from '../../../store/types';
import type { CouponRowActions } from './couponColumns';
import { CouponStatusChip } from './CouponStatusChip';

export interface CouponListProps {
  coupons: Coupon[];
  actions: CouponRowActions;
  loading: boolean;
  noRowsLabel: string;
}

/**
 * The coupons table on a phone: each row as a card with the grid's columns in the same order (code with its copy
 * button and description, amount, uses, expiry, status, actions), a page of 25 at a time. Six columns do not fit
 * 375 px, and mounting the DataGrid costs a phone a long task (issue 7); the server's 'Sort By' orders the list.
 */
export function CouponList({ coupons: latest, actions, loading, noRowsLabel }: CouponListProps) {
  const [requestedPage, setRequestedPage] = useState(0);
  const top = useRef<HTMLDivElement>(null);
  // The list's arrival is a store update, which React renders at once, in one task; 25 cards in one go are a long
  // task on a phone. Deferred, they render in slices that leave the browser free in between.
  const coupons = useDeferredValue(latest);
  const arriving = coupons !== latest;
  if ((loading || arriving) && coupons.length === 0) {
    return <GridPlaceholder label="Loading coupons" minHeight={320} />;
  }
  if (coupons.length === 0) {
    return (
      <Paper variant="outlined">
        <EmptyState title={noRowsLabel} />
      </Paper>
    );
  }
  const page = listPage(coupons.length, requestedPage, FIRST_PAGE_SIZE);
  const turnTo = (next: number) => {
    setRequestedPage(next);
    // The next page starts at the list's top, not wherever the buttons were.
    top.current?.scrollIntoView?.({ block: 'start' });
  };
  return (
    <Box ref={top} aria-busy={loading || arriving} sx={{ scrollMarginTop: 72 }}>
      <Box component="ul" aria-label="Coupons" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
        {coupons.slice(page.start, page.end).map((coupon) => (
          <CouponCard key={coupon.id} coupon={coupon} actions={actions} />
        ))}
      </Box>
      <Box
        component="nav"
        aria-label="Coupon pages"
        sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 1, pt: 1.5 }}
      >
        <Typography variant="body2" role="status">
          {page.label}
        </Typography>
        <IconButton aria-label="Go to previous page" disabled={!page.hasPrevious} onClick={() => turnTo(page.page - 1)}>
          <ChevronLeft />
        </IconButton>
        <IconButton aria-label="Go to next page" disabled={!page.hasNext} onClick={() => turnTo(page.page + 1)}>
          <ChevronRight />
        </IconButton>
      </Box>
    </Box>
  );
}

// A card off screen is not styled, laid out or painted until it nears the viewport (it stays in the accessibility
// tree and find-in-page); 'auto' remembers its real height once drawn, so the scrollbar does not jump.
const CARD_SX = { p: 2, minWidth: 0, contentVisibility: 'auto', containIntrinsicSize: 'auto 188px' } as const;

function CouponCard({ coupon, actions }: { coupon: Coupon; actions: CouponRowActions }) {
  const facts: [string, string][] = [
    ['Amount', formatMoney(coupon.amount)],
    ['Uses', `${usesText(coupon)} · ${remainingUses(coupon)} remaining`],
    ['Expiry', formatDateTime(coupon.expires_at, NO_EXPIRY)],
  ];
  return (
    <Paper component="li" variant="outlined" sx={CARD_SX}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="body2" noWrap sx={{ fontFamily: 'monospace', fontWeight: 600, minWidth: 0 }}>
          {coupon.code}
        </Typography>
        <IconButton size="small" aria-label={`Copy code ${coupon.code}`} onClick={() => actions.onCopy(coupon.code)}>
          <ContentCopy fontSize="inherit" />
        </IconButton>
        <Box sx={{ ml: 'auto', flexShrink: 0 }}>
          <CouponStatusChip coupon={coupon} />
        </Box>
      </Box>
      {coupon.description && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ overflowWrap: 'anywhere' }}>
          {coupon.description}
        </Typography>
      )}
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.25, my: 1 }}>
        {facts.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mx: -1, mb: -1 }}>
        <Button size="small" onClick={() => actions.onView(coupon)}>
          View details
        </Button>
        <Button size="small" onClick={() => actions.onEdit(coupon)}>
          Edit
        </Button>
        {/* Spec §4: only an active coupon can be deactivated. */}
        {coupon.active && (
          <Button size="small" color="error" onClick={() => actions.onDeactivate(coupon)}>
            Deactivate
          </Button>
        )}
      </Box>
    </Paper>
  );
}
