import { lazy } from 'react';

// The coupon dialogs, in one chunk of their own (one chunk name): their form brings the text field, select, switch
// and dialog code, which the page needs only once someone opens one (docs/performance.md, Bundle budget: the page's first download
// on a phone). Render them in a Suspense boundary.
export const CreateCouponDialog = lazy(() =>
  import(/* webpackChunkName: "dialogs-coupons" */ './CreateCouponDialog').then((m) => ({
    default: m.CreateCouponDialog,
  })),
);
export const EditCouponDialog = lazy(() =>
  import(/* webpackChunkName: "dialogs-coupons" */ './EditCouponDialog').then((m) => ({ default: m.EditCouponDialog })),
);
export const CouponDetailsDialog = lazy(() =>
  import(/* webpackChunkName: "dialogs-coupons" */ './CouponDetailsDialog').then((m) => ({
    default: m.CouponDetailsDialog,
  })),
);
