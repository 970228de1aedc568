/**
 * Structures: every catalogue strategy's legs in leg order, ratio counts, custom legs (strike
 * relations, one expiration), and the legs that fit no structure (INVALID_STRATEGY_LEGS).
 */
import { describe, expect, test } from 'vitest';
import { DomainError } from '#domain/errors.ts';
import { SCREENER_STRATEGY_KEYS } from '#domain/strategies/strategy-key.ts';
import { validateLegs } from '#domain/strategies/validate-legs.ts';
import { type CustomLeg, sampleLegs, structureOf } from '#engine/structure.ts';

const option = (right: 'CALL' | 'PUT', quantity: number, strike?: 'same' | 'greater'): CustomLeg => ({
  kind: 'option',
  right,
  quantity,
  ...(strike ? { strike } : {}),
});

const invalid = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(DomainError);
    expect((err as DomainError).code).toBe('INVALID_STRATEGY_LEGS');
    expect((err as DomainError).message).toBe('Invalid strategy legs combination.');
    return (err as DomainError).details?.legs;
  }
  throw new Error('expected INVALID_STRATEGY_LEGS');
};

describe('structures', () => {
  test.each(SCREENER_STRATEGY_KEYS.filter((k) => k !== 'custom'))(
    '%s: an instance passes validateLegs',
    (key) => {
      const s = structureOf(key);
      expect(validateLegs(key, sampleLegs(s))).toEqual({ ok: true });
    },
  );

  test('modes: calendars share a strike, diagonals keep the template order, butterflies equal wings', () => {
    expect(structureOf('long_call_calendar_spread').mode).toBe('calendar');
    expect(structureOf('long_put_diagonal_spread').mode).toBe('diagonal');
    expect(structureOf('call_butterfly').equalWings).toBe(true);
    expect(structureOf('iron_butterfly').equalWings).toBe(false);
    expect(structureOf('iron_condor').strikeSlots).toBe(4);
    expect(structureOf('covered_call').legs).toEqual([
      { kind: 'stock', quantity: 100 },
      { kind: 'option', option: 0 },
    ]);
  });

  test('ratio counts replace the template quantities; fewer long than short', () => {
    const s = structureOf('put_ratio_spread', { ratio: { long: 3, short: 7 } });
    expect(s.options.map((o) => o.quantity)).toEqual([3, -7]);
    expect(invalid(() => structureOf('call_ratio_spread', { ratio: { long: 4, short: 4 } }))).toBe(
      'The number of the Long options must be less than the number of the Short options.',
    );
  });

  test('custom legs: same or greater strike than the leg above, stock anywhere', () => {
    const s = structureOf('custom', {
      customLegs: [
        option('PUT', 1),
        { kind: 'stock', quantity: 200 },
        option('CALL', -2, 'same'),
        option('CALL', 1, 'greater'),
        option('PUT', -1, 'same'),
      ],
    });
    expect(s.options.map((o) => [o.right, o.quantity, o.strikeSlot])).toEqual([
      ['PUT', 1, 0],
      ['CALL', -2, 0],
      ['CALL', 1, 1],
      ['PUT', -1, 1],
    ]);
    expect(s.strikeSlots).toBe(2);
    expect(s.legs[1]).toEqual({ kind: 'stock', quantity: 200 });
  });

  test.each([
    ['no legs', []],
    ['no option leg', [{ kind: 'stock', quantity: 100 }]],
    [
      'two stock legs',
      [option('CALL', 1), { kind: 'stock', quantity: 100 }, { kind: 'stock', quantity: -100 }],
    ],
    ['five option legs', Array.from({ length: 5 }, () => option('CALL', 1))],
    ['quantity 10', [option('CALL', 10)]],
    ['quantity 0', [option('PUT', 0)]],
    ['150 shares', [option('CALL', -1), { kind: 'stock', quantity: 150 }]],
    ['the same contract twice', [option('CALL', 1), option('CALL', -1, 'same')]],
  ] as [string, CustomLeg[]][])('custom: %s is INVALID_STRATEGY_LEGS', (_name, legs) => {
    expect(invalid(() => structureOf('custom', { customLegs: legs }))).toEqual(expect.any(String));
  });
});
