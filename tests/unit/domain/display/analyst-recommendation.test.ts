import { describe, expect, test } from 'vitest';
import { analystChangeText, analystRecommendationText } from '#domain/display/analyst-recommendation.ts';

describe('analyst recommendation (spec 2 §9.4)', () => {
  test.each([
    [1, 'Strong Buy'],
    [1.5, 'Strong Buy'],
    [1.51, 'Buy'],
    [2.49, 'Buy'],
    [2.5, 'Hold'],
    [3.49, 'Hold'],
    [3.5, 'Sell'],
    [4.49, 'Sell'],
    [4.5, 'Strong Sell'],
    [5, 'Strong Sell'],
  ])('%f → %s', (rating, text) => {
    expect(analystRecommendationText(rating)).toBe(text);
  });

  test('missing rating', () => {
    expect(analystRecommendationText(null)).toBeNull();
    expect(analystRecommendationText(Number.NaN)).toBeNull();
  });

  test('change: a fall is an upgrade', () => {
    expect(analystChangeText(0)).toBe('No change');
    expect(analystChangeText(-0.2)).toBe('Upgrade');
    expect(analystChangeText(0.4)).toBe('Downgrade');
    expect(analystChangeText(undefined)).toBeNull();
  });
});
