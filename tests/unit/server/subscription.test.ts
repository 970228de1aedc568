import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { DAY_MS } from '#domain/plans/calendar.ts';
import { type StoredSubscription, subscriptionAt, trialEndFor } from '#server/users/subscription.ts';

const SIGNUP = Date.UTC(2026, 2, 10, 18, 30); // 10 March 2026, 18:30 UTC
const trial = (signupMs = SIGNUP): StoredSubscription => ({
  status: 0,
  plan_id: null,
  trial_ends_at: new Date(trialEndFor(signupMs)),
  period_end: null,
  cancelled: false,
  processor: null,
});

describe('the trial', () => {
  test('ends 14 days after the first 00:00 UTC at or after sign-up', () => {
    expect(new Date(trialEndFor(SIGNUP)).toISOString()).toBe('2026-03-25T00:00:00.000Z');
    const midnight = Date.UTC(2026, 2, 10);
    expect(new Date(trialEndFor(midnight)).toISOString()).toBe('2026-03-24T00:00:00.000Z');
  });

  test.each([
    [0, 0, 14],
    [1, 0, 13],
    [13, 0, 1],
    [14, 0, 0],
  ])('%i days after sign-up: status %i, %i days left', (days, status, left) => {
    expect(subscriptionAt(trial(), SIGNUP + days * DAY_MS)).toMatchObject({ status, goodUntilDays: left });
  });

  test('whatever the hour of sign-up: 14 days left at first, at least 14 days long, over after 15', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 * 365 * DAY_MS }), (offset) => {
        const signup = Date.UTC(2020, 0, 1) + offset;
        const row = trial(signup);
        expect(subscriptionAt(row, signup)).toMatchObject({ status: 0, goodUntilDays: 14 });
        expect(subscriptionAt(row, signup + 14 * DAY_MS - 1).status).toBe(0);
        expect(subscriptionAt(row, trialEndFor(signup) - 1)).toMatchObject({ status: 0, goodUntilDays: 0 });
        expect(subscriptionAt(row, trialEndFor(signup)).status).toBe(1);
        expect(subscriptionAt(row, signup + 15 * DAY_MS)).toMatchObject({ status: 1, goodUntilDays: 0 });
      }),
      // Midnight sign-ups are the edge: make sure they are tried.
      { examples: [[0], [DAY_MS], [DAY_MS - 1], [1]] },
    );
  });
});

describe('paid plans', () => {
  const periodEnd = SIGNUP + 30 * DAY_MS;
  const paid = (cancelled: boolean): StoredSubscription => ({
    ...trial(),
    status: cancelled ? 3 : 2,
    plan_id: 101,
    period_end: new Date(periodEnd),
    cancelled,
    processor: 'store',
  });

  test('a cancelled plan runs to the end of its period [start, end) and then ends', () => {
    expect(subscriptionAt(paid(true), periodEnd - 1)).toMatchObject({
      status: 3,
      planId: 101,
      goodUntilDays: 0,
    });
    expect(subscriptionAt(paid(true), periodEnd)).toMatchObject({ status: 4, goodUntilDays: 0 });
  });

  test('an uncancelled plan stays premium past its period end (renewal is a billing event)', () => {
    expect(subscriptionAt(paid(false), periodEnd + 100 * DAY_MS)).toMatchObject({
      status: 2,
      processor: 'store',
    });
  });

  test('days left count to the period end', () => {
    expect(subscriptionAt(paid(false), SIGNUP).goodUntilDays).toBe(30);
  });

  test('unknown stored values fall back safely', () => {
    expect(subscriptionAt({ ...paid(false), plan_id: 7 }, SIGNUP).planId).toBeNull();
    expect(subscriptionAt({ ...trial(), status: 9 }, SIGNUP).status).toBe(1);
  });
});
