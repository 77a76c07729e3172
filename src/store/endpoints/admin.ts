import type {
  Coupon,
  CouponCreateBody,
  CouponListQuery,
  CouponUpdateBody,
  GenerateCodeBody,
  GeneratedCode,
} from '../../../contract/schemas/coupons';
import type { PricingList, PricingListQuery, PricingTier, PricingTierBody } from '../../../contract/schemas/pricing';
import { listTags, type Build } from '../tags';

export const GENERATED_CODE_DEFAULTS = { prefix: 'SAVE', length: 8 } as const;

/** Only the filters that are set go on the query string. */
function definedParams<T extends object>(query: T | void): Partial<T> {
  return Object.fromEntries(
    Object.entries(query ?? {}).filter(([, value]) => value !== undefined && value !== ''),
  ) as Partial<T>;
}

const couponPath = (id: string) => `/v1/admin/coupons/${encodeURIComponent(id)}`;

export const adminEndpoints = (build: Build) => ({
  getCoupons: build.query<Coupon[], CouponListQuery | void>({
    query: (filters) => ({ url: '/v1/admin/coupons', params: definedParams(filters) }),
    transformResponse: (reply: { coupons?: Coupon[] }) => reply.coupons ?? [],
    providesTags: (coupons) => listTags('Coupon', coupons, (coupon) => coupon.id),
  }),
  getCoupon: build.query<Coupon, string>({
    query: couponPath,
    providesTags: (_coupon, _error, id) => [{ type: 'Coupon', id }],
  }),
  createCoupon: build.mutation<Coupon, CouponCreateBody>({
    query: (body) => ({ url: '/v1/admin/coupons', method: 'POST', body }),
    invalidatesTags: [{ type: 'Coupon', id: 'LIST' }],
  }),
  updateCoupon: build.mutation<Coupon, { id: string; changes: CouponUpdateBody }>({
    query: ({ id, changes }) => ({ url: couponPath(id), method: 'PUT', body: changes }),
    // A changed field can move the row in or out of a filtered list, so the lists refresh too.
    invalidatesTags: (_coupon, _error, { id }) => [
      { type: 'Coupon', id },
      { type: 'Coupon', id: 'LIST' },
    ],
  }),
  deactivateCoupon: build.mutation<Coupon, string>({
    query: (id) => ({ url: couponPath(id), method: 'DELETE' }),
    invalidatesTags: (_coupon, _error, id) => [
      { type: 'Coupon', id },
      { type: 'Coupon', id: 'LIST' },
    ],
  }),
  generateCouponCode: build.mutation<GeneratedCode, Partial<GenerateCodeBody> | void>({
    query: (input) => ({
      url: '/v1/admin/coupons/generate-code',
      method: 'POST',
      body: { ...GENERATED_CODE_DEFAULTS, ...input },
    }),
  }),
  getPricingTiers: build.query<PricingList, PricingListQuery | void>({
    query: (filters) => ({ url: '/v1/admin/pricing', params: definedParams(filters) }),
    providesTags: (reply) => listTags('PricingTier', reply?.pricings, (tier) => tier.id),
  }),
  createPricingTier: build.mutation<PricingTier, PricingTierBody>({
    query: (body) => ({ url: '/v1/admin/pricing/tiers', method: 'POST', body }),
    invalidatesTags: [{ type: 'PricingTier', id: 'LIST' }, 'ModelCatalog'],
  }),
  deactivatePricingTier: build.mutation<PricingTier, string>({
    query: (id) => ({ url: `/v1/admin/pricing/${encodeURIComponent(id)}`, method: 'DELETE' }),
    invalidatesTags: (_tier, _error, id) => [
      { type: 'PricingTier', id },
      { type: 'PricingTier', id: 'LIST' },
      'ModelCatalog',
    ],
  }),
});
