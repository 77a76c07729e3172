import type { PageQuery } from '../../../contract/schemas/common';
import type { CouponValidation, RedeemReply, Redemptions } from '../../../contract/schemas/coupons';
import type { Build } from '../tags';
import { teamPath } from '../../../contract/apiPaths';
import { normaliseCouponCode } from '../../../contract/couponCode';
import { DEFAULT_PAGE } from './credits';

interface CouponCodeInput {
  teamId: string;
  code: string;
}

/** Codes are trimmed and upper-cased on send (docs/rules.md#coupons). */
const normalisedBody = ({ code }: CouponCodeInput) => ({ code: normaliseCouponCode(code) });

export const couponEndpoints = (build: Build) => ({
  validateCoupon: build.mutation<CouponValidation, CouponCodeInput>({
    query: (input) => ({
      url: teamPath(input.teamId, '/coupons/validate'),
      method: 'POST',
      body: normalisedBody(input),
    }),
  }),
  redeemCoupon: build.mutation<RedeemReply, CouponCodeInput>({
    query: (input) => ({ url: teamPath(input.teamId, '/coupons/redeem'), method: 'POST', body: normalisedBody(input) }),
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
