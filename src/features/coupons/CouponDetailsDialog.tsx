import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import ContentCopy from '@mui/icons-material/ContentCopy';
import { NO_EXPIRY, remainingUses, usesText } from './couponAdmin';
import { formatMoney } from '../../../contract/money';
import { formatDateTime } from '../../lib/time';
import type { Coupon } from '../../../contract/schemas/coupons';
import { DetailList } from '../../components/lists/DetailList';
import { CouponStatusChip } from './CouponStatusChip';

interface CouponDetailsDialogProps {
  coupon: Coupon;
  onCopy: (code: string) => void;
  onClose: () => void;
}

export function CouponDetailsDialog({ coupon, onCopy, onClose }: CouponDetailsDialogProps) {
  return (
    <Dialog open onClose={onClose} aria-labelledby="coupon-details-title" maxWidth="sm" fullWidth>
      <DialogTitle id="coupon-details-title">Coupon Details</DialogTitle>
      <DialogContent>
        <DetailList
          items={[
            [
              'Code',
              <Box key="code" component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
                <Box component="code" sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
                  {coupon.code}
                </Box>
                <IconButton size="small" aria-label={`Copy code ${coupon.code}`} onClick={() => onCopy(coupon.code)}>
                  <ContentCopy fontSize="inherit" />
                </IconButton>
              </Box>,
            ],
            ['Amount', formatMoney(coupon.amount)],
            ['Usage', `${usesText(coupon)} (${remainingUses(coupon)} remaining)`],
            ['Status', <CouponStatusChip key="status" coupon={coupon} />],
            ['Expiry', formatDateTime(coupon.expires_at, NO_EXPIRY)],
            ['Description', coupon.description || '-'],
            ['Created', formatDateTime(coupon.created_at)],
          ]}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
