import {
  couponChanges,
  couponCreatePayload,
  couponDisplayStatus,
  couponFiltersFromParams,
  couponFormErrors,
  couponFormFromCoupon,
  couponListQuery,
  deactivateCouponTitle,
  EMPTY_COUPON_FORM,
  remainingUses,
  usesText,
  type CouponFormValues,
} from '../../src/features/coupons/couponAdmin';
import type { Coupon } from '../../contract/schemas/coupons';
import { toDateTimeLocal } from '../../src/lib/time';

// jest.config.js runs with TZ=UTC, so datetime-local values read as UTC here.
const NOW = new Date('2026-11-15T12:00:00.000Z');

describe('coupon display status: Inactive, then Expired, then Max uses reached, else Active', () => {
  it.each([
    ['active, unused, no expiry', true, null, 10, 0, 'Active'],
    ['inactive wins over everything', false, '2026-01-01T00:00:00Z', 1, 1, 'Inactive'],
    ['past expiry', true, '2026-11-15T11:59:00Z', 10, 0, 'Expired'],
    ['expired wins over used up', true, '2026-11-01T00:00:00Z', 1, 1, 'Expired'],
    ['future expiry', true, '2026-11-16T00:00:00Z', 10, 9, 'Active'],
    ['used up', true, null, 5, 5, 'Max uses reached'],
    ['over-used', true, null, 5, 7, 'Max uses reached'],
  ])('%s -> %s', (_case, active, expires_at, max_uses, current_uses, status) => {
    expect(couponDisplayStatus({ active, expires_at, max_uses, current_uses }, NOW)).toBe(status);
  });
});

describe('uses and remaining uses (never below zero)', () => {
  it.each([
    [100, 12, '12 / 100', 88],
    [5, 5, '5 / 5', 0],
    [5, 7, '7 / 5', 0],
    [1, 0, '0 / 1', 1],
  ])('max %p, used %p -> %s, %p remaining', (max_uses, current_uses, text, remaining) => {
    expect(usesText({ max_uses, current_uses })).toBe(text);
    expect(remainingUses({ max_uses, current_uses })).toBe(remaining);
  });
});

describe('coupon filters from the URL become the list query', () => {
  it.each([
    ['', { sort_by: 'created_at' }],
    ['active=true', { sort_by: 'created_at', active: true }],
    ['active=false&has_uses_remaining=false', { sort_by: 'created_at', active: false, has_uses_remaining: false }],
    ['has_uses_remaining=true&sort_by=amount', { sort_by: 'amount', has_uses_remaining: true }],
    ['sort_by=expires_at', { sort_by: 'expires_at' }],
    ['sort_by=nonsense&active=yes', { sort_by: 'created_at' }],
  ])('?%s -> %j', (search, query) => {
    expect(couponListQuery(couponFiltersFromParams(new URLSearchParams(search)))).toEqual(query);
  });
});

const valid: CouponFormValues = { ...EMPTY_COUPON_FORM, code: 'SAVE10', amount: '10' };

describe('coupon form rules', () => {
  it('defaults: max uses 1, no expiry, active', () => {
    expect(EMPTY_COUPON_FORM).toMatchObject({ max_uses: '1', expires_at: '', active: true });
  });

  it.each<[string, Partial<CouponFormValues>, string[]]>([
    ['a complete form', {}, []],
    ['no code', { code: '   ' }, ['code']],
    ['no amount', { amount: '' }, ['amount']],
    ['zero amount', { amount: '0' }, ['amount']],
    ['cents', { amount: '0.01' }, []],
    ['max uses 0', { max_uses: '0' }, ['max_uses']],
    ['max uses empty', { max_uses: '' }, ['max_uses']],
    ['max uses 1.5', { max_uses: '1.5' }, ['max_uses']],
    ['an expiry', { expires_at: '2026-12-31T23:59' }, []],
    ['an unreadable expiry', { expires_at: 'soon' }, ['expires_at']],
  ])('%s -> errors on %j', (_case, changes, fields) => {
    expect(Object.keys(couponFormErrors({ ...valid, ...changes }))).toEqual(fields);
  });
});

describe('create body: amount_usd in dollars, expiry as ISO, optional fields left out when empty', () => {
  it.each<[string, Partial<CouponFormValues>, object]>([
    ['minimal', {}, { code: 'SAVE10', amount_usd: 10, max_uses: 1 }],
    [
      'everything',
      { code: ' VIP ', amount: '12.5', max_uses: '3', description: ' Gift ', expires_at: '2026-12-31T23:59' },
      { code: 'VIP', amount_usd: 12.5, max_uses: 3, description: 'Gift', expires_at: '2026-12-31T23:59:00.000Z' },
    ],
    ['blank description', { description: '  ' }, { code: 'SAVE10', amount_usd: 10, max_uses: 1 }],
  ])('%s', (_case, changes, payload) => {
    expect(couponCreatePayload({ ...valid, ...changes })).toEqual(payload);
  });
});

const coupon: Coupon = {
  id: 'coupon-1',
  code: 'WELCOME10',
  amount: 10,
  description: 'Welcome bonus',
  active: true,
  expires_at: '2027-01-14T12:00:00.000Z',
  max_uses: 100,
  current_uses: 12,
  created_at: '2026-09-26T12:00:00.000Z',
};

describe('edit: the form opens with the coupon and sends only what changed', () => {
  const initial = couponFormFromCoupon(coupon);

  it('prefills every field', () => {
    expect(initial).toEqual({
      code: 'WELCOME10',
      amount: '10',
      max_uses: '100',
      expires_at: '2027-01-14T12:00',
      description: 'Welcome bonus',
      active: true,
    });
  });

  it.each<[string, Partial<CouponFormValues>, object]>([
    ['nothing changed', {}, {}],
    ['same amount written differently', { amount: '10.00' }, {}],
    ['amount', { amount: '15' }, { amount_usd: 15 }],
    ['code', { code: 'WELCOME15' }, { code: 'WELCOME15' }],
    ['max uses', { max_uses: '200' }, { max_uses: 200 }],
    ['description', { description: 'New text' }, { description: 'New text' }],
    ['description cleared', { description: '' }, { description: '' }],
    ['expiry cleared', { expires_at: '' }, { expires_at: null }],
    ['expiry moved', { expires_at: '2027-02-01T09:30' }, { expires_at: '2027-02-01T09:30:00.000Z' }],
    ['active toggled off', { active: false }, { active: false }],
    ['two fields', { amount: '20', active: false }, { amount_usd: 20, active: false }],
  ])('%s -> %j', (_case, changes, sent) => {
    expect(couponChanges(initial, { ...initial, ...changes })).toEqual(sent);
  });

  it('an expiry added to a coupon without one is sent as ISO', () => {
    const open = couponFormFromCoupon({ ...coupon, expires_at: null, description: null });
    expect(open.expires_at).toBe('');
    expect(open.description).toBe('');
    expect(couponChanges(open, { ...open, expires_at: '2026-12-01T00:00' })).toEqual({
      expires_at: '2026-12-01T00:00:00.000Z',
    });
  });
});

describe('ISO time -> datetime-local value', () => {
  it.each([
    [null, ''],
    ['nonsense', ''],
    ['2026-03-05T07:08:59.000Z', '2026-03-05T07:08'],
  ])('%p -> %p', (iso, local) => {
    expect(toDateTimeLocal(iso)).toBe(local);
  });
});

describe('the deactivate confirmation names the coupon it acts on', () => {
  it('puts the code in the title', () => {
    expect(deactivateCouponTitle({ code: 'WELCOME10' })).toBe('Deactivate coupon WELCOME10?');
  });
});
