/**
 * The test store's webhook: its signature (Stripe's scheme: t=<seconds>,v1=<HMAC-SHA256 of
 * "<t>.<raw body>">), the 300 s tolerance either way, and the body's shape.
 */
import { createHmac } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { type BillingEvent, WebhookRejected } from '#server/billing/processor.ts';
import { signWebhook } from '#server/billing/teststore/signature.ts';
import { createTestStore } from '#server/billing/teststore/test-store.ts';

const SECRET = 'whsec_test_store';
const NOW = Date.UTC(2026, 0, 16, 9, 30, 0);
const store = createTestStore({
  secret: SECRET,
  clock: { now: () => NOW },
  priceOf: async () => ({ subtotalCents: 0, discountCents: 0, creditCents: 0 }),
});

const EVENT: BillingEvent = {
  id: 'evt_1',
  occurredMs: NOW,
  userGuid: '3f1c6a52-5d0e-4b8e-9a57-6c1f0f1e2a3b',
  charge: {
    externalId: 'in_ts_1',
    reason: 'purchase',
    planId: 101,
    periodStartMs: NOW,
    periodEndMs: NOW + 1,
    subtotalCents: 7500,
    discountCents: 0,
    creditCents: 0,
    totalCents: 7500,
    paid: true,
  },
};
const BODY = JSON.stringify(EVENT);

const read = (body: string, header: string | string[] | undefined, nowMs = NOW) =>
  store.readWebhook(Buffer.from(body), header === undefined ? {} : { 'teststore-signature': header }, nowMs);

function rejection(run: () => unknown): string {
  try {
    run();
  } catch (err) {
    if (err instanceof WebhookRejected) return err.message;
    throw err;
  }
  throw new Error('not rejected');
}

describe('signing and reading', () => {
  test('a signed body reads back as its one event', () => {
    expect(read(BODY, signWebhook(BODY, SECRET, NOW))).toEqual([EVENT]);
  });

  test('the header is t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">, checked independently', () => {
    const t = Math.floor(NOW / 1000);
    const v1 = createHmac('sha256', SECRET).update(`${t}.${BODY}`).digest('hex');
    expect(signWebhook(BODY, SECRET, NOW)).toBe(`t=${t},v1=${v1}`);
    expect(store.signatureHeader).toBe('teststore-signature');
  });

  test('a body changed after signing is rejected', () => {
    const tampered = BODY.replace('7500', '1');
    expect(rejection(() => read(tampered, signWebhook(BODY, SECRET, NOW)))).toBe(
      'The signature does not match the body.',
    );
  });

  test('a signature made with another secret is rejected', () => {
    expect(rejection(() => read(BODY, signWebhook(BODY, 'another secret', NOW)))).toBe(
      'The signature does not match the body.',
    );
  });

  test('a fresh time on an old signature is rejected (the time is signed)', () => {
    const old = signWebhook(BODY, SECRET, NOW - 3_600_000);
    const refreshed = old.replace(/^t=\d+/, `t=${Math.floor(NOW / 1000)}`);
    expect(rejection(() => read(BODY, refreshed))).toBe('The signature does not match the body.');
  });
});

describe('the 300 s tolerance, either way', () => {
  test.each([
    ['300 s old', -300_000],
    ['300 s ahead', 300_000],
  ])('%s is accepted', (_name, offsetMs) => {
    expect(read(BODY, signWebhook(BODY, SECRET, NOW + offsetMs))).toHaveLength(1);
  });

  test.each([
    ['301 s old', -301_000],
    ['301 s ahead', 301_000],
    ['a day old', -86_400_000],
  ])('%s is rejected', (_name, offsetMs) => {
    expect(rejection(() => read(BODY, signWebhook(BODY, SECRET, NOW + offsetMs)))).toBe(
      "The signature's time is more than 300 s from now.",
    );
  });
});

describe('garbled headers', () => {
  const good = signWebhook(BODY, SECRET, NOW);
  const form = 'The signature header is not in the form t=<seconds>,v1=<hex>.';
  test.each([
    ['', 'The signature header is missing.'],
    ['v1=abc', form],
    [good.replace('t=', 'x='), form],
    [good.replace(/,v1=.*/, ''), form],
    [good.replace(/v1=[0-9a-f]{4}/, 'v1=zzzz'), form],
    [`${good}0`, form],
    [`${good},`, form],
    [`${good},t=1`, form],
    ['t=-5,v1=00', form],
    ['garbage', form],
  ])('%j: %s', (header, message) => {
    expect(rejection(() => read(BODY, header))).toBe(message);
  });

  test('no header', () => {
    expect(rejection(() => read(BODY, undefined))).toBe('The signature header is missing.');
  });

  test('the header sent twice', () => {
    expect(rejection(() => read(BODY, [good, good]))).toBe('The signature header is sent more than once.');
  });
});

describe('bodies that are not billing events', () => {
  const signed = (body: string) => rejection(() => read(body, signWebhook(body, SECRET, NOW)));

  test('not JSON', () => {
    expect(signed('{"id":')).toBe('The body is not JSON.');
  });

  test.each([
    ['an array', '[]', 'body'],
    ['no id', JSON.stringify({ ...EVENT, id: undefined }), 'id'],
    [
      'an unknown plan',
      JSON.stringify({ ...EVENT, charge: { ...EVENT.charge, planId: 7 } }),
      'charge.planId',
    ],
    [
      'cents not whole',
      JSON.stringify({ ...EVENT, charge: { ...EVENT.charge, totalCents: 1.5 } }),
      'charge.totalCents',
    ],
    [
      'a negative refund',
      JSON.stringify({ ...EVENT, refund: { chargeExternalId: 'x', amountCents: -1 } }),
      'refund.amountCents',
    ],
  ])('%s', (_name, body, field) => {
    expect(signed(body)).toBe(`The body is not a billing event (${field}).`);
  });
});
