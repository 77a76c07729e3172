// How a coupon code is compared and kept (docs/rules.md#coupons): trimmed and upper-cased, so "  save10 " redeems
// SAVE10. One rule for the server (coupons/coupons.ts), the dashboard (what it sends) and the tests' fake backend.

export const normaliseCouponCode = (code: string): string => code.trim().toUpperCase();
