import { describe, expect, test } from 'vitest';
import { cancelRequest, isRefundable } from '#domain/plans/cancellation.ts';

const DAY = 86_400_000;
const T = Date.UTC(2025, 5, 1);

describe('cancellation', () => {
  test("reason 7 ('other') is sent as none, text trimmed, empty text as none", () => {
    expect(cancelRequest(7, '  too expensive ')).toEqual({ reasonId: null, reasonText: 'too expensive' });
    expect(cancelRequest(3, '')).toEqual({ reasonId: 3, reasonText: null });
    expect(cancelRequest(null, ' ')).toEqual({ reasonId: null, reasonText: null });
  });

  test('only annual renewals are refundable, for 7 days', () => {
    expect(isRefundable({ cycle: 12, renewal: true, chargedAtMs: T }, T + 7 * DAY)).toBe(true);
    expect(isRefundable({ cycle: 12, renewal: true, chargedAtMs: T }, T + 7 * DAY + 1)).toBe(false);
    expect(isRefundable({ cycle: 12, renewal: false, chargedAtMs: T }, T + DAY)).toBe(false);
    expect(isRefundable({ cycle: 1, renewal: true, chargedAtMs: T }, T + DAY)).toBe(false);
    expect(isRefundable({ cycle: 12, renewal: true, chargedAtMs: T }, T - 1)).toBe(false);
  });
});
