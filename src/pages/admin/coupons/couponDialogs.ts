// The coupon dialogs as one module, loaded on first use (lazyDialogs.ts).
export { CouponDetailsDialog } from './CouponDetailsDialog';
export { CreateCouponDialog } from './CreateCouponDialog';
export { EditCouponDialog } from './EditCouponDialog';
