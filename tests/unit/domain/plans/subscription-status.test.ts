import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  goodUntilDays,
  isActive,
  isPremium,
  nextStatus,
  SubscriptionStatus,
  trialCountdownText,
  trialEndMs,
} from '#domain/plans/subscription-status.ts';

const DAY = 86_400_000;
const START = Date.UTC(2025, 0, 1, 9, 30);

describe('subscription statuses (spec 1 §4)', () => {
  test('codes', () => {
    expect(SubscriptionStatus).toEqual({
      Trial: 0,
      TrialEnded: 1,
      Premium: 2,
      PremiumCancelled: 3,
      PremiumEnded: 4,
    });
  });

  test('trial and premium (cancelled or not) are active', () => {
    expect([0, 1, 2, 3, 4].map((s) => isActive(s as SubscriptionStatus))).toEqual([
      true,
      false,
      true,
      true,
      false,
    ]);
    expect([0, 1, 2, 3, 4].map((s) => isPremium(s as SubscriptionStatus))).toEqual([
      false,
      false,
      true,
      true,
      false,
    ]);
  });

  test('a trial ends 14 days after it started', () => {
    const trial = {
      status: SubscriptionStatus.Trial,
      trialStartedMs: START,
      currentPeriodEndMs: null,
      cancelled: false,
    };
    expect(trialEndMs(START)).toBe(Date.UTC(2025, 0, 15, 9, 30));
    expect(nextStatus(trial, START + 14 * DAY - 1)).toBe(SubscriptionStatus.Trial);
    expect(nextStatus(trial, START + 14 * DAY)).toBe(SubscriptionStatus.TrialEnded);
  });

  test('a cancelled premium runs to the end of its billing period', () => {
    const end = Date.UTC(2025, 1, 1);
    const cancelled = {
      status: SubscriptionStatus.Premium,
      trialStartedMs: null,
      currentPeriodEndMs: end,
      cancelled: true,
    };
    expect(nextStatus(cancelled, end - 1)).toBe(SubscriptionStatus.PremiumCancelled);
    expect(nextStatus(cancelled, end)).toBe(SubscriptionStatus.PremiumEnded);
    expect(nextStatus({ ...cancelled, status: SubscriptionStatus.PremiumCancelled }, end + DAY)).toBe(
      SubscriptionStatus.PremiumEnded,
    );
  });

  test('an uncancelled premium stays premium (renewal is a billing event)', () => {
    const premium = {
      status: SubscriptionStatus.Premium,
      trialStartedMs: null,
      currentPeriodEndMs: START,
      cancelled: false,
    };
    expect(nextStatus(premium, START + 40 * DAY)).toBe(SubscriptionStatus.Premium);
    expect(nextStatus({ ...premium, status: SubscriptionStatus.PremiumCancelled }, START)).toBe(
      SubscriptionStatus.Premium,
    );
  });

  test('ended statuses stay ended', () => {
    for (const status of [SubscriptionStatus.TrialEnded, SubscriptionStatus.PremiumEnded]) {
      expect(
        nextStatus(
          { status, trialStartedMs: START, currentPeriodEndMs: START, cancelled: true },
          START + DAY,
        ),
      ).toBe(status);
    }
  });
});

describe('trial countdown (spec 1 §6)', () => {
  test('whole days left, rounded down, never negative', () => {
    const end = trialEndMs(START);
    expect(goodUntilDays(end, START)).toBe(14);
    expect(goodUntilDays(end, end - DAY - 1)).toBe(1);
    expect(goodUntilDays(end, end - DAY + 1)).toBe(0);
    expect(goodUntilDays(end, end + 5 * DAY)).toBe(0);
  });

  test('texts', () => {
    expect(trialCountdownText(0)).toBe('Free trial expires today!');
    expect(trialCountdownText(1)).toBe('Free trial expires tomorrow!');
    expect(trialCountdownText(2)).toBe('Free trial 2 days left');
    expect(trialCountdownText(14)).toBe('Free trial 14 days left');
  });

  test('the days left never grow as time passes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20 * DAY }),
        fc.integer({ min: 0, max: 20 * DAY }),
        fc.integer({ min: 0, max: 20 * DAY }),
        (end, a, b) => {
          const [earlier, later] = a <= b ? [a, b] : [b, a];
          expect(goodUntilDays(end, later)).toBeLessThanOrEqual(goodUntilDays(end, earlier));
        },
      ),
    );
  });
});
