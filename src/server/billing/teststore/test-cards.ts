/**
 * The test store's cards (docs/BILLING.md): which numbers it takes and what each does, and the
 * checks a card's fields go through first, each failure with its own message for the page.
 */

export const CardBehaviour = {
  Succeeds: 'succeeds',
  Declined: 'declined',
  /** The buyer must confirm the payment in an extra step (like a bank's 3-D Secure). */
  NeedsConfirmation: 'needs-confirmation',
  /** The first payment succeeds; every later charge (renewals, upgrades) is declined. */
  DeclinesLater: 'declines-later',
} as const;
export type CardBehaviour = (typeof CardBehaviour)[keyof typeof CardBehaviour];

export interface TestCard {
  /** As printed on the page, in groups of four. */
  readonly number: string;
  readonly behaviour: CardBehaviour;
  /** What the card does, as the checkout page lists it. */
  readonly description: string;
}

export const TEST_CARDS: readonly TestCard[] = [
  { number: '4242 4242 4242 4242', behaviour: CardBehaviour.Succeeds, description: 'Pays.' },
  {
    number: '4000 0027 6000 3184',
    behaviour: CardBehaviour.NeedsConfirmation,
    description: 'Asks you to confirm the payment first.',
  },
  {
    number: '4000 0000 0000 0341',
    behaviour: CardBehaviour.DeclinesLater,
    description: 'Pays now; renewals and upgrades are declined.',
  },
  { number: '4000 0000 0000 0002', behaviour: CardBehaviour.Declined, description: 'Is declined.' },
];

export const DECLINED_MESSAGE = 'Your card was declined.';

/** The card as shown on the account page: every test card is a Visa. */
export const paymentMethodOf = (digits: string): string => `Visa •••• ${digits.slice(-4)}`;

/** Whether a later charge to the card on file is declined (the 0341 card). */
export function laterChargeDeclined(paymentMethod: string | null): boolean {
  const card = TEST_CARDS.find((c) => c.behaviour === CardBehaviour.DeclinesLater);
  return card !== undefined && paymentMethod === paymentMethodOf(card.number);
}

export interface CardInput {
  readonly number: string;
  /** MM/YY. */
  readonly expiry: string;
  readonly cvc: string;
  readonly name: string;
}

export type CardCheck =
  | { readonly ok: true; readonly card: TestCard; readonly digits: string }
  | { readonly ok: false; readonly message: string };

/** The Luhn checksum every card number carries. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * Checks the card's fields in the order the page shows them, then finds the test card.
 * A card is valid through the last day of its expiry month (UTC) on the business clock.
 */
export function checkCard(input: CardInput, nowMs: number): CardCheck {
  const fail = (message: string): CardCheck => ({ ok: false, message });
  const digits = input.number.replace(/[\s-]/g, '');
  if (digits === '') return fail('Enter the card number.');
  if (!/^\d{12,19}$/.test(digits)) return fail('The card number must be 12 to 19 digits.');
  if (!luhnValid(digits)) return fail('The card number is not valid. Please check it.');
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(input.expiry.trim());
  if (!expiry) return fail('Enter the expiry date as MM/YY.');
  const month = Number(expiry[1]);
  if (month < 1 || month > 12) return fail('The expiry month must be 01 to 12.');
  // Month index `month` (0-based) is the month after expiry: the card is valid before it starts.
  if (nowMs >= Date.UTC(2000 + Number(expiry[2]), month, 1)) return fail('Your card has expired.');
  if (!/^\d{3,4}$/.test(input.cvc.trim())) return fail('The security code (CVC) must be 3 or 4 digits.');
  if (input.name.trim() === '') return fail('Enter the name on the card.');
  const card = TEST_CARDS.find((c) => c.number.replace(/ /g, '') === digits);
  if (!card) return fail('Use one of the test cards listed above.');
  return { ok: true, card, digits };
}
