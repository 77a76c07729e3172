import type { PageQuery } from '../../../contract/schemas/common';
import type { CouponValidation, RedeemReply, Redemptions } from '../../../contract/schemas/coupons';
import type { Build } from '../tags';
import { teamPath } from '../../../contract/apiPaths';
import { DEFAULT_PAGE } from './credits';

interface CouponCodeInput {
  teamId: string;
  code: string;
}

/**
 * A code posted to the team's coupons, trimmed and upper-cased on send (docs/rules.md#coupons): the rule of
 * contract/couponCode.ts, written here because importing it costs /billing's first load bytes it does not have (its
 * budget); __tests__/lib/coupons.test.ts holds the two equal.
 */
export const postCode =
  (path: string) =>
  ({ teamId, code }: CouponCodeInput) => ({
    url: teamPath(teamId, path),
    method: 'POST',
    body: { code: code.trim().toUpperCase() },
  });

export const couponEndpoints = (build: Build) => ({
  validateCoupon: build.mutation<CouponValidation, CouponCodeInput>({ query: postCode('/coupons/validate') }),
  redeemCoupon: build.mutation<RedeemReply, CouponCodeInput>({
    query: postCode('/coupons/redeem'),
    invalidatesTags: [
      'CreditBalance',
      'CreditHistory',
      { type: 'CouponRedemption', id: 'LIST' },
      'Activity',
      { type: 'Coupon', id: 'LIST' },
    ],
  }),
  getCouponRedemptions: build.query<Redemptions, { teamId: string } & PageQuery>({
    query: ({ teamId, limit = DEFAULT_PAGE.limit, offset = DEFAULT_PAGE.offset }) => ({
      url: teamPath(teamId, '/coupons/redemptions'),
      params: { limit, offset },
    }),
    providesTags: [{ type: 'CouponRedemption', id: 'LIST' }],
  }),
});
