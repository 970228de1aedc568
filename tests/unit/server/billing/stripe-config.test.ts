import { describe, expect, test } from 'vitest';
import { stripeConfigFromEnv } from '#server/billing/stripe/stripe-config.ts';

const FULL = {
  STRIPE_SECRET_KEY: 'sk_test_abc',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
  STRIPE_PRICE_1: 'price_b_m',
  STRIPE_PRICE_12: 'price_b_y',
  STRIPE_PRICE_101: 'price_a_m',
  STRIPE_PRICE_112: 'price_a_y',
};

describe('stripeConfigFromEnv', () => {
  test('without STRIPE_SECRET_KEY Stripe is off, whatever else is set', () => {
    expect(stripeConfigFromEnv({})).toBeNull();
    expect(stripeConfigFromEnv({ ...FULL, STRIPE_SECRET_KEY: ' ' })).toBeNull();
  });

  test('reads the keys and the price of each plan; a test key is test mode', () => {
    expect(stripeConfigFromEnv(FULL)).toEqual({
      secretKey: 'sk_test_abc',
      webhookSecret: 'whsec_abc',
      publishableKey: 'pk_test_abc',
      priceIds: { 1: 'price_b_m', 12: 'price_b_y', 101: 'price_a_m', 112: 'price_a_y' },
      testMode: true,
    });
    const live = { ...FULL, STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_PUBLISHABLE_KEY: 'pk_live_abc' };
    expect(stripeConfigFromEnv(live)?.testMode).toBe(false);
  });

  test.each([
    'STRIPE_WEBHOOK_SECRET',
    'STRIPE_PUBLISHABLE_KEY',
    'STRIPE_PRICE_1',
    'STRIPE_PRICE_12',
    'STRIPE_PRICE_101',
    'STRIPE_PRICE_112',
  ])('a missing %s stops the startup, naming it', (name) => {
    expect(() => stripeConfigFromEnv({ ...FULL, [name]: undefined })).toThrow(
      new RegExp(`^${name} must be set when STRIPE_SECRET_KEY is set`),
    );
  });

  test('a restricted test key is test mode too; keys of two modes are a startup error', () => {
    expect(stripeConfigFromEnv({ ...FULL, STRIPE_SECRET_KEY: 'rk_test_abc' })?.testMode).toBe(true);
    expect(() => stripeConfigFromEnv({ ...FULL, STRIPE_PUBLISHABLE_KEY: 'pk_live_abc' })).toThrow(
      /^STRIPE_PUBLISHABLE_KEY is a live key but STRIPE_SECRET_KEY is not/,
    );
    expect(() =>
      stripeConfigFromEnv({
        ...FULL,
        STRIPE_SECRET_KEY: 'sk_live_abc',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
      }),
    ).toThrow(/^STRIPE_PUBLISHABLE_KEY is a test key/);
  });

  test('two plans at one price is a startup error', () => {
    expect(() => stripeConfigFromEnv({ ...FULL, STRIPE_PRICE_12: 'price_b_m' })).toThrow(
      /four different prices/,
    );
  });
});
