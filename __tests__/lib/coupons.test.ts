import { couponCodeError, couponInput } from '../../src/features/coupons/coupons';
import { normaliseCouponCode } from '../../contract/couponCode';
import { postCode } from '../../src/store/endpoints/coupons';

describe('coupon code (required, trimmed, upper-cased on input and on send)', () => {
  it.each([
    ['welcome10', 'WELCOME10', 'WELCOME10'],
    ['  welcome10 ', '  WELCOME10 ', 'WELCOME10'],
    ['Spring5', 'SPRING5', 'SPRING5'],
    ['', '', ''],
  ])('%p shows %p and sends %p', (typed, shown, sent) => {
    expect(couponInput(typed)).toBe(shown);
    expect(normaliseCouponCode(typed)).toBe(sent);
  });

  it.each([
    ['', 'team-acme', 'Please enter a coupon code'],
    ['   ', 'team-acme', 'Please enter a coupon code'],
    ['', undefined, 'Please enter a coupon code'],
    ['WELCOME10', undefined, 'Team ID is required. Please refresh the page and try again.'],
    ['WELCOME10', '', 'Team ID is required. Please refresh the page and try again.'],
    ['WELCOME10', 'team-acme', null],
  ])('code %p with team %p -> %p', (code, teamId, message) => {
    expect(couponCodeError(code, teamId)).toBe(message);
  });
});

describe('the code the dashboard sends', () => {
  it('is the code as the server keeps it (contract/couponCode.ts)', () => {
    for (const typed of ['  welcome10 ', 'Save-20', '\tmixed Case\n', 'ALREADY']) {
      expect(postCode('/coupons/validate')({ teamId: 'team-1', code: typed }).body).toEqual({
        code: normaliseCouponCode(typed),
      });
    }
  });
});
