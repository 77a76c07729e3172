import Chip from '@mui/material/Chip';
import { couponDisplayStatus, type CouponDisplayStatus } from './couponAdmin';
import type { Coupon } from '../../../contract/schemas/coupons';

const COLORS: Record<CouponDisplayStatus, 'success' | 'default' | 'warning' | 'error'> = {
  Active: 'success',
  Inactive: 'default',
  Expired: 'error',
  'Max uses reached': 'warning',
};

export function CouponStatusChip({ coupon }: { coupon: Coupon }) {
  const status = couponDisplayStatus(coupon, new Date());
  return <Chip size="small" variant="outlined" label={status} color={COLORS[status]} />;
}
