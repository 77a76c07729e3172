import type { CouponRedemption, CouponValidation, PageQuery } from '../types';
import type { Build } from '../tags';
import { teamPath } from '../../lib/apiPaths';
import { DEFAULT_PAGE } from './credits';

interface CouponCodeInput {
  teamId: string;
  code: string;
}

/** Codes are trimmed and upper-cased on send (docs/rules.md#coupons). */
const normalisedBody = ({ code }: CouponCodeInput) => ({ code: code.trim().toUpperCase() });

export const couponEndpoints = (build: Build) => ({
  validateCoupon: build.mutation<CouponValidation, CouponCodeInput>({
    query: (input) => ({
      url: teamPath(input.teamId, '/coupons/validate'),
      method: 'POST',
      body: normalisedBody(input),
    }),
  }),
  redeemCoupon: build.mutation<{ success: boolean; amount?: number; new_balance?: number }, CouponCodeInput>({
    query: (input) => ({ url: teamPath(input.teamId, '/coupons/redeem'), method: 'POST', body: normalisedBody(input) }),
    invalidatesTags: [
      'CreditBalance',
      'CreditHistory',
      { type: 'CouponRedemption', id: 'LIST' },
      'Activity',
      { type: 'Coupon', id: 'LIST' },
    ],
  }),
  getCouponRedemptions: build.query<
    { redemptions: CouponRedemption[]; total?: number },
    { teamId: string } & PageQuery
  >({
    query: ({ teamId, limit = DEFAULT_PAGE.limit, offset = DEFAULT_PAGE.offset }) => ({
      url: teamPath(teamId, '/coupons/redemptions'),
      params: { limit, offset },
    }),
    providesTags: [{ type: 'CouponRedemption', id: 'LIST' }],
  }),
});
