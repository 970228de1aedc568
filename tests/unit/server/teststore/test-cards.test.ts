/** The test store's card checks: each field's message, then which test card it is. */
import { describe, expect, test } from 'vitest';
import {
  CardBehaviour,
  type CardInput,
  checkCard,
  laterChargeDeclined,
  luhnValid,
  paymentMethodOf,
} from '#server/billing/teststore/test-cards.ts';

const NOW = Date.UTC(2026, 4, 20, 12); // 20 May 2026
const CARD: CardInput = { number: '4242 4242 4242 4242', expiry: '12/27', cvc: '123', name: 'Ann Lee' };
const message = (changes: Partial<CardInput>, nowMs = NOW) => {
  const check = checkCard({ ...CARD, ...changes }, nowMs);
  return check.ok ? null : check.message;
};

describe('the test cards', () => {
  test.each([
    ['4242 4242 4242 4242', CardBehaviour.Succeeds],
    ['4000 0000 0000 0002', CardBehaviour.Declined],
    ['4000 0027 6000 3184', CardBehaviour.NeedsConfirmation],
    ['4000 0000 0000 0341', CardBehaviour.DeclinesLater],
    ['4000000000000341', CardBehaviour.DeclinesLater],
    ['4000-0000-0000-0002', CardBehaviour.Declined],
  ])('%s %s', (number, behaviour) => {
    const check = checkCard({ ...CARD, number }, NOW);
    expect(check.ok && check.card.behaviour).toBe(behaviour);
  });

  test('any other valid number is not taken', () => {
    expect(luhnValid('5555555555554444')).toBe(true);
    expect(message({ number: '5555 5555 5555 4444' })).toBe('Use one of the test cards listed above.');
  });

  test('the card on file reads "Visa •••• last four"; only the 0341 card declines later charges', () => {
    expect(paymentMethodOf('4242424242424242')).toBe('Visa •••• 4242');
    expect(laterChargeDeclined('Visa •••• 0341')).toBe(true);
    expect(laterChargeDeclined('Visa •••• 4242')).toBe(false);
    expect(laterChargeDeclined(null)).toBe(false);
  });
});

describe('card number', () => {
  test.each([
    ['', 'Enter the card number.'],
    ['   ', 'Enter the card number.'],
    ['4242', 'The card number must be 12 to 19 digits.'],
    ['4242 4242 4242 424x', 'The card number must be 12 to 19 digits.'],
    ['4242 4242 4242 4241', 'The card number is not valid. Please check it.'],
  ])('%j: %s', (number, expected) => {
    expect(message({ number })).toBe(expected);
  });
});

describe('expiry (MM/YY, valid through the end of its month on the business clock)', () => {
  test.each([
    ['', 'Enter the expiry date as MM/YY.'],
    ['1227', 'Enter the expiry date as MM/YY.'],
    ['12/2027', 'Enter the expiry date as MM/YY.'],
    ['13/27', 'The expiry month must be 01 to 12.'],
    ['00/27', 'The expiry month must be 01 to 12.'],
    ['04/26', 'Your card has expired.'],
    ['05/26', null],
    ['12 / 27', null],
  ])('%j: %s', (expiry, expected) => {
    expect(message({ expiry })).toBe(expected);
  });

  test('a card expiring 05/26 is refused from 1 June 2026 00:00 UTC', () => {
    expect(message({ expiry: '05/26' }, Date.UTC(2026, 4, 31, 23, 59, 59, 999))).toBeNull();
    expect(message({ expiry: '05/26' }, Date.UTC(2026, 5, 1))).toBe('Your card has expired.');
  });
});

describe('CVC and name', () => {
  test.each(['', '12', '12345', '12a'])('CVC %j', (cvc) => {
    expect(message({ cvc })).toBe('The security code (CVC) must be 3 or 4 digits.');
  });

  test.each(['123', '1234'])('CVC %j is fine', (cvc) => {
    expect(message({ cvc })).toBeNull();
  });

  test('a name is needed', () => {
    expect(message({ name: '  ' })).toBe('Enter the name on the card.');
  });
});
