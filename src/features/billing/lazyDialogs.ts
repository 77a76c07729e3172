import { lazy } from 'react';

// The billing dialogs as chunks of their own: they bring the text field, select and menu code, which the dashboard
// and billing pages do not need until someone opens one. Render them inside MountWhenOpened.
export const BuyCreditsDialog = lazy(() =>
  import(/* webpackChunkName: "dialog-buy-credits" */ './BuyCreditsDialog').then((m) => ({
    default: m.BuyCreditsDialog,
  })),
);
export const RedeemCouponDialog = lazy(() =>
  import(/* webpackChunkName: "dialog-redeem-coupon" */ './RedeemCouponDialog').then((m) => ({
    default: m.RedeemCouponDialog,
  })),
);
export const BudgetLimitDialog = lazy(() =>
  import(/* webpackChunkName: "dialog-update-budget" */ '../budget/BudgetLimitDialog').then((m) => ({
    default: m.BudgetLimitDialog,
  })),
);
