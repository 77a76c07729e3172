import { isIPv6 } from 'node:net';
import { matches, type Detector } from './findings';

/**
 * Personal data detectors (docs/guardrails.md#detectors). Each is a pattern narrowed by a check where one exists (a
 * card's Luhn digit, an IBAN's mod-97, a Spanish DNI's letter), so that ordinary numbers are not taken for them:
 * `server/test/guardrailDetectors.test.ts` holds each to true and false positives, and to a corpus of ordinary prompts.
 */

const digitsOf = (text: string) => text.replace(/\D/g, '');

/** The Luhn check every payment card number passes. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** ISO 13616's check: the country and check digits moved to the end, letters as numbers, mod 97 is 1. */
export function ibanValid(iban: string): boolean {
  const compact = iban.replace(/ /g, '');
  if (compact.length < 15 || compact.length > 34) return false;
  const moved = compact.slice(4) + compact.slice(0, 4);
  let remainder = 0;
  for (const char of moved) {
    const value = char >= 'A' ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

/** A Spanish DNI or NIE: its letter is its number mod 23 (NIE: X, Y, Z read as 0, 1, 2). */
export function spanishIdValid(id: string): boolean {
  const compact = id.replace(/-/g, '').toUpperCase();
  const number = compact.slice(0, -1).replace(/^[XYZ]/, (letter) => String('XYZ'.indexOf(letter)));
  return DNI_LETTERS[Number(number) % 23] === compact.slice(-1);
}

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
// Digits in groups with spaces, dashes or parentheses, maybe after a +: 10 to 15 digits, or 8 or more after a +.
const PHONE = /(?<![\w.+/-])(?:\+\d[\d ()-]{6,20}\d|\(?\d[\d ()-]{8,20}\d)(?![\w.-]|\/\d)/g;
// 13 to 19 digits, maybe in groups of 4 (or Amex's 4-6-5) split by spaces or dashes.
const CARD = /(?<![\d-])[2-6]\d{3}(?:[ -]?\d){9,15}(?![\d-])/g;
const IBAN = /\b[A-Z]{2}\d{2}(?:[A-Z0-9]{11,30}|(?: [A-Z0-9]{4}){2,7}(?: [A-Z0-9]{1,4})?)\b/g;
const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = new RegExp(`(?<![\\w.])(?:${OCTET}\\.){3}${OCTET}(?!\\.?\\d|\\w)`, 'g');
const IPV6 = /(?<![\w:])(?:[0-9A-Fa-f]{0,4}:){2,7}[0-9A-Fa-f]{0,4}(?![\w:])/g;
const SPANISH_ID = /\b(?:\d{8}|[XYZ]-?\d{7})-?[A-HJ-NP-TV-Z]\b/g;

/**
 * How phone numbers are written: 10 to 15 digits in groups of 2 to 6 (an area code in parentheses is a group), or 8 to
 * 15 after a +, whose country code may be a group of 1 to 3. A list of small numbers (0 1 4 9 16), an ISBN (978-0-13-…)
 * or a dated order number (20261201-0042) is not written so.
 */
const phoneDigits = (text: string) => {
  const count = digitsOf(text).length;
  const international = text.startsWith('+');
  const groups = text
    .replace(/^\+\d{1,3}(?=[ (-])/, '')
    .split(/[ ()-]+/)
    .filter(Boolean);
  const grouped = groups.length === 1 || groups.every((group) => group.length >= 2 && group.length <= 6);
  if (international) return count >= 8 && count <= 15 && (groups.length === 1 || grouped);
  return groups.length > 1 && grouped && count >= 10 && count <= 15;
};
// A date (2026-12-01 10:00) or a range of years is not a phone number.
const notDate = (text: string) => !/^\d{4}-\d{2}-\d{2}/.test(text) && !/^\d{4}\s*-\s*\d{4}$/.test(text);

const isAddress = (text: string) => !text.startsWith('127.') && text !== '0.0.0.0' && text !== '255.255.255.255';
const isIpv6Address = (text: string) =>
  isIPv6(text) && /[0-9A-Fa-f]{1,4}:[0-9A-Fa-f]{1,4}/.test(text) && text !== '::1';

/** The personal data detectors, by name. */
export const PERSONAL_DATA: Record<string, Detector> = {
  email: (text) => matches(text, 'email', EMAIL),
  phone: (text) => matches(text, 'phone', PHONE, ([found]) => phoneDigits(found) && notDate(found)),
  card: (text) =>
    matches(text, 'card', CARD, ([found]) => {
      const digits = digitsOf(found);
      return digits.length >= 13 && digits.length <= 19 && !/^(\d)\1+$/.test(digits) && luhnValid(digits);
    }),
  iban: (text) => matches(text, 'iban', IBAN, ([found]) => ibanValid(found)),
  ip: (text) => [
    ...matches(text, 'ip', IPV4, ([found]) => isAddress(found)),
    ...matches(text, 'ip', IPV6, ([found]) => isIpv6Address(found)),
  ],
  national_id: (text) => matches(text, 'national_id', SPANISH_ID, ([found]) => spanishIdValid(found)),
};
