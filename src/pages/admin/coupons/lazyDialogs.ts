import { lazy } from 'react';

// The coupon dialogs, in one chunk of their own: their form brings the text field, select, switch and dialog code,
// which the page needs only once someone opens one (issue 7: the page's first download on a phone). Render them in
// a Suspense boundary.
const dialogs = () => import(/* webpackChunkName: "dialogs-coupons" */ './couponDialogs');

export const CreateCouponDialog = lazy(() => dialogs().then((m) => ({ default: m.CreateCouponDialog })));
export const EditCouponDialog = lazy(() => dialogs().then((m) => ({ default: m.EditCouponDialog })));
export const CouponDetailsDialog = lazy(() => dialogs().then((m) => ({ default: m.CouponDetailsDialog })));
