import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { STRATEGIES } from '#domain/strategies/catalogue.ts';
import { defaultLegs, legsFromTemplates, templateSlots } from '#domain/strategies/default-legs.ts';
import { STRATEGY_KEYS } from '#domain/strategies/strategy-key.ts';
import { validateLegs } from '#domain/strategies/validate-legs.ts';

const FIXED = STRATEGY_KEYS.filter((k) => k !== 'custom');

describe('default legs', () => {
  test('are the catalogue templates; custom starts empty', () => {
    expect(defaultLegs('iron_condor')).toBe(STRATEGIES.iron_condor.legs);
    expect(defaultLegs('custom')).toEqual([]);
    expect(templateSlots(defaultLegs('iron_condor'))).toEqual({ strikes: 4, expirations: 1 });
    expect(templateSlots(defaultLegs('long_call_calendar_spread'))).toEqual({ strikes: 1, expirations: 2 });
    expect(templateSlots(defaultLegs('long_stock'))).toEqual({ strikes: 0, expirations: 0 });
  });

  test('filled with ascending, evenly spaced strikes and ascending expirations they validate, for any lot count', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...FIXED),
        fc.integer({ min: 10, max: 500 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 9 }),
        (key, base, step, lots) => {
          const slots = templateSlots(defaultLegs(key));
          const strikes = Array.from({ length: slots.strikes }, (_, i) => base + i * step);
          const expirations = ['2026-01-16', '2026-02-20'].slice(0, slots.expirations);
          const legs = legsFromTemplates(defaultLegs(key), { underlying: 'XYZ', strikes, expirations, lots });
          expect(validateLegs(key, legs)).toEqual({ ok: true });
        },
      ),
    );
  });

  test('builds the covered call as 100 shares per short call', () => {
    const legs = legsFromTemplates(defaultLegs('covered_call'), {
      underlying: 'KO',
      strikes: [60],
      expirations: ['2026-03-20'],
      lots: 2,
    });
    expect(legs).toEqual([
      { contract: { kind: 'stock', symbol: 'KO' }, quantity: 200 },
      {
        contract: { kind: 'option', underlying: 'KO', right: 'CALL', expiration: '2026-03-20', strike: 60 },
        quantity: -2,
      },
    ]);
  });

  test('refuses a template slot without a chosen strike', () => {
    expect(() =>
      legsFromTemplates(defaultLegs('bull_call_spread'), {
        underlying: 'X',
        strikes: [100],
        expirations: ['2026-01-16'],
      }),
    ).toThrow(/Short CALL/);
  });
});
