// Admin coupon rules: display status, form, sort options (docs/rules.md#coupons). Redeeming lives in coupons.ts.
import { type BooleanFilter, booleanFilterParam, booleanFilterQuery } from '../../lib/booleanFilter';
import { dateTimeLocalToIso, toDateTimeLocal } from '../../lib/time';
import type { Coupon, CouponCreateBody, CouponListQuery, CouponUpdateBody } from '../../../contract/schemas/coupons';

export const DEACTIVATE_COUPON_CONFIRMATION = 'Are you sure you want to deactivate this coupon?';

/** The confirmation's title names the coupon it acts on; the fixed sentence stays its message. */
export const deactivateCouponTitle = (coupon: { code: string }) => `Deactivate coupon ${coupon.code}?`;
export const COUPON_MESSAGES = {
  deactivated: 'Coupon deactivated successfully!',
  updated: 'Coupon updated successfully!',
  created: 'Coupon created successfully!',
  copied: 'Code copied to clipboard!',
  deactivateFailed: 'Failed to deactivate coupon',
  updateFailed: 'Failed to update coupon',
  createFailed: 'Failed to create coupon',
} as const;

export type CouponDisplayStatus = 'Inactive' | 'Expired' | 'Max uses reached' | 'Active';

/** The first rule that holds: inactive, then expired, then used up, else active. */
export function couponDisplayStatus(
  coupon: Pick<Coupon, 'active' | 'expires_at' | 'max_uses' | 'current_uses'>,
  now: Date,
): CouponDisplayStatus {
  if (!coupon.active) return 'Inactive';
  if (coupon.expires_at && Date.parse(coupon.expires_at) < now.getTime()) return 'Expired';
  if (coupon.current_uses >= coupon.max_uses) return 'Max uses reached';
  return 'Active';
}

export const remainingUses = (coupon: Pick<Coupon, 'max_uses' | 'current_uses'>): number =>
  Math.max(0, coupon.max_uses - coupon.current_uses);

export const usesText = (coupon: Pick<Coupon, 'max_uses' | 'current_uses'>): string =>
  `${coupon.current_uses} / ${coupon.max_uses}`;

export const NO_EXPIRY = 'No expiry';

// ---- Filters (kept in the URL) ----

export const COUPON_SORT_OPTIONS = [
  { value: 'created_at', label: 'Created date' },
  { value: 'code', label: 'Code' },
  { value: 'amount', label: 'Amount' },
  { value: 'expires_at', label: 'Expiry date' },
] as const;

export type CouponSort = (typeof COUPON_SORT_OPTIONS)[number]['value'];

export interface CouponFilters {
  active: BooleanFilter;
  has_uses_remaining: BooleanFilter;
  sort_by: CouponSort;
}

export function couponFiltersFromParams(params: URLSearchParams): CouponFilters {
  const sort = COUPON_SORT_OPTIONS.find((option) => option.value === params.get('sort_by'));
  return {
    active: booleanFilterParam(params.get('active')),
    has_uses_remaining: booleanFilterParam(params.get('has_uses_remaining')),
    sort_by: sort?.value ?? 'created_at',
  };
}

export function couponListQuery(filters: CouponFilters): CouponListQuery {
  return {
    sort_by: filters.sort_by,
    active: booleanFilterQuery(filters.active),
    has_uses_remaining: booleanFilterQuery(filters.has_uses_remaining),
  };
}

// ---- Create and edit form ----

export interface CouponFormValues {
  code: string;
  amount: string;
  max_uses: string;
  /** A datetime-local value ('2026-12-31T23:59', local time) or ''. */
  expires_at: string;
  description: string;
  active: boolean;
}

export const EMPTY_COUPON_FORM: CouponFormValues = {
  code: '',
  amount: '',
  max_uses: '1',
  expires_at: '',
  description: '',
  active: true,
};

export function couponFormFromCoupon(coupon: Coupon): CouponFormValues {
  return {
    code: coupon.code,
    amount: String(coupon.amount),
    max_uses: String(coupon.max_uses),
    expires_at: toDateTimeLocal(coupon.expires_at),
    description: coupon.description ?? '',
    active: coupon.active,
  };
}

export type CouponFormErrors = Partial<Record<'code' | 'amount' | 'max_uses' | 'expires_at', string>>;

export function couponFormErrors(values: CouponFormValues): CouponFormErrors {
  const errors: CouponFormErrors = {};
  if (!values.code.trim()) errors.code = 'Code is required';
  const amount = values.amount.trim() === '' ? NaN : Number(values.amount);
  if (!(amount > 0)) errors.amount = 'Amount is required and must be more than $0';
  const maxUses = values.max_uses.trim() === '' ? NaN : Number(values.max_uses);
  if (!Number.isInteger(maxUses) || maxUses < 1) errors.max_uses = 'Max uses must be a whole number of at least 1';
  if (values.expires_at && Number.isNaN(new Date(values.expires_at).getTime())) {
    errors.expires_at = 'Enter a valid date and time';
  }
  return errors;
}

/** The create body: amount as amount_usd; expiry and description only when given. */
export function couponCreatePayload(values: CouponFormValues): CouponCreateBody {
  const payload: CouponCreateBody = {
    code: values.code.trim(),
    amount_usd: Number(values.amount),
    max_uses: Number(values.max_uses),
  };
  if (values.description.trim()) payload.description = values.description.trim();
  if (values.expires_at) payload.expires_at = dateTimeLocalToIso(values.expires_at);
  return payload;
}

/** Only what changed between the form as opened and as sent; {} when nothing did. */
export function couponChanges(initial: CouponFormValues, current: CouponFormValues): CouponUpdateBody {
  const changes: CouponUpdateBody = {};
  if (current.code.trim() !== initial.code.trim()) changes.code = current.code.trim();
  if (Number(current.amount) !== Number(initial.amount)) changes.amount_usd = Number(current.amount);
  if (Number(current.max_uses) !== Number(initial.max_uses)) changes.max_uses = Number(current.max_uses);
  if (current.description.trim() !== initial.description.trim()) changes.description = current.description.trim();
  if (current.expires_at !== initial.expires_at) {
    changes.expires_at = current.expires_at ? dateTimeLocalToIso(current.expires_at) : null;
  }
  if (current.active !== initial.active) changes.active = current.active;
  return changes;
}
