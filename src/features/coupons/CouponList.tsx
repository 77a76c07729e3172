import { useCallback } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import ContentCopy from '@mui/icons-material/ContentCopy';
import { CardActions, CardFacts, CardList, CardTitle } from '../../components/CardList';
import { NO_EXPIRY, remainingUses, usesText } from './couponAdmin';
import { formatMoney } from '../../../contract/money';
import { formatDateTime } from '../../lib/time';
import type { Coupon } from '../../../contract/schemas/coupons';
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
 * button and description, amount, uses, expiry, status, actions); the server's 'Sort By' orders the list.
 */
export function CouponList({ coupons, actions, loading, noRowsLabel }: CouponListProps) {
  // One renderer while the actions stay: CardList then leaves the cards alone when nothing else changed.
  const renderCard = useCallback((coupon: Coupon) => <CouponCard coupon={coupon} actions={actions} />, [actions]);
  return (
    <CardList
      items={coupons}
      itemKey={(coupon) => coupon.id}
      renderCard={renderCard}
      label="Coupons"
      loadingLabel="Loading coupons"
      loading={loading}
      noRowsLabel={noRowsLabel}
    />
  );
}

function CouponCard({ coupon, actions }: { coupon: Coupon; actions: CouponRowActions }) {
  return (
    <>
      <CardTitle end={<CouponStatusChip coupon={coupon} />}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography variant="body2" sx={{ fontFamily: 'monospace', fontWeight: 600, minWidth: 0 }}>
            {coupon.code}
          </Typography>
          <IconButton size="small" aria-label={`Copy code ${coupon.code}`} onClick={() => actions.onCopy(coupon.code)}>
            <ContentCopy fontSize="inherit" />
          </IconButton>
        </Box>
      </CardTitle>
      {coupon.description && (
        <Typography variant="caption" color="textSecondary" component="p" sx={{ overflowWrap: 'anywhere' }}>
          {coupon.description}
        </Typography>
      )}
      <CardFacts
        facts={[
          ['Amount', formatMoney(coupon.amount)],
          ['Uses', `${usesText(coupon)} · ${remainingUses(coupon)} remaining`],
          ['Expiry', formatDateTime(coupon.expires_at, NO_EXPIRY)],
        ]}
      />
      <CardActions
        actions={[
          { label: 'View details', onClick: () => actions.onView(coupon) },
          { label: 'Edit', onClick: () => actions.onEdit(coupon) },
          // Only an active coupon can be deactivated (docs/rules.md#coupons).
          ...(coupon.active
            ? [{ label: 'Deactivate', onClick: () => actions.onDeactivate(coupon), destructive: true }]
            : []),
        ]}
      />
    </>
  );
}
