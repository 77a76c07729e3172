import { errorMessage, isSessionError, toApiError } from '../../src/lib/apiError';
import { readCookie } from '../../src/lib/cookies';

describe('toApiError: the error carries the response text or "HTTP error! status: {n}"', () => {
  it.each([
    [400, '{"code":"VALIDATION_ERROR","message":"name is required"}', 'name is required', 'VALIDATION_ERROR'],
    [500, 'Internal meltdown', 'Internal meltdown', undefined],
    [502, '', 'HTTP error! status: 502', undefined],
    [404, '   ', 'HTTP error! status: 404', undefined],
    [422, '{"detail":"Coupon expired"}', 'Coupon expired', undefined],
    [409, '{"code":"CONFLICT"}', '{"code":"CONFLICT"}', 'CONFLICT'],
  ])('%p %p -> %p', (status, text, message, code) => {
    expect(toApiError(status, text)).toEqual({ status, text, message, code });
  });
});

describe('isSessionError: 401/403 with TOKEN_EXPIRED, NO_TOKEN, INVALID_TOKEN or an unreadable body', () => {
  it.each([
    [401, '{"code":"TOKEN_EXPIRED","message":"x"}', true],
    [401, '{"code":"NO_TOKEN","message":"x"}', true],
    [403, '{"code":"INVALID_TOKEN","message":"x"}', true],
    [401, 'not json', true],
    [403, '', true],
    [403, '{"code":"FORBIDDEN","message":"Owner only"}', false],
    [401, '{"message":"no code"}', false],
    [404, '{"code":"NO_TOKEN"}', false],
    [500, 'oops', false],
  ])('%p %p -> %p', (status, text, expected) => {
    expect(isSessionError(toApiError(status, text))).toBe(expected);
  });
});

describe('errorMessage', () => {
  it.each([
    [{ message: 'Coupon has expired' }, 'Coupon has expired'],
    [{ message: '' }, 'Fallback'],
    [new Error('boom'), 'boom'],
    ['string', 'Fallback'],
    [null, 'Fallback'],
  ])('%p -> %p', (error, expected) => expect(errorMessage(error, 'Fallback')).toBe(expected));
});

describe('readCookie', () => {
  it.each([
    ['jwt=abc.def; other=1', 'jwt', 'abc.def'],
    ['other=1;  jwt=a%20b', 'jwt', 'a b'],
    ['xjwt=1; jwtx=2', 'jwt', undefined],
    ['', 'jwt', undefined],
  ])('%p %p -> %p', (cookies, name, expected) => expect(readCookie(cookies, name)).toBe(expected));
});
