import { describe, expect, test } from 'vitest';
import { planButton } from '#domain/plans/plan-button.ts';
import { PLAN_IDS } from '#domain/plans/plan-id.ts';
import { SubscriptionStatus } from '#domain/plans/subscription-status.ts';

const row = (userPlan: 1 | 12 | 101 | 112 | null, status: SubscriptionStatus, processor: string | null) =>
  PLAN_IDS.map((target) => planButton(userPlan, status, processor, target));

describe('pricing buttons', () => {
  test('trial and ended users buy', () => {
    expect(row(null, SubscriptionStatus.Trial, null)).toEqual(['BUY', 'BUY', 'BUY', 'BUY']);
    expect(row(null, SubscriptionStatus.TrialEnded, null)).toEqual(['BUY', 'BUY', 'BUY', 'BUY']);
    expect(row(12, SubscriptionStatus.PremiumEnded, 'store')).toEqual(['BUY', 'BUY', 'BUY', 'BUY']);
  });

  test('a cancelled subscription is not changed in-app', () => {
    expect(row(101, SubscriptionStatus.PremiumCancelled, 'store')).toEqual(['BUY', 'BUY', 'BUY', 'BUY']);
  });

  test('premium with a processor: cancel the own plan, up- or downgrade to others', () => {
    expect(row(101, SubscriptionStatus.Premium, 'store')).toEqual([
      'DOWNGRADE',
      'UPGRADE',
      'CANCEL',
      'UPGRADE',
    ]);
    expect(row(12, SubscriptionStatus.Premium, 'store')).toEqual([
      'DOWNGRADE',
      'CANCEL',
      'DOWNGRADE',
      'UPGRADE',
    ]);
  });

  test('premium without a processor gets the email contact', () => {
    expect(row(112, SubscriptionStatus.Premium, '')).toEqual(['EMAIL', 'EMAIL', 'EMAIL', 'EMAIL']);
    expect(row(112, SubscriptionStatus.Premium, null)).toEqual(['EMAIL', 'EMAIL', 'EMAIL', 'EMAIL']);
  });
});
