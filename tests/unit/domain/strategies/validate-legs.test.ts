import { describe, expect, test } from 'vitest';
import type { Leg, Right } from '#domain/contracts/contract.ts';
import { RATIO_COUNT_MESSAGE } from '#domain/strategies/catalogue.ts';
import { validateLegs } from '#domain/strategies/validate-legs.ts';

const F = '2026-01-16';
const B = '2026-02-20';
const opt = (right: Right, quantity: number, strike: number, expiration = F, underlying = 'XYZ'): Leg => ({
  contract: { kind: 'option', underlying, right, expiration, strike },
  quantity,
});
const call = (q: number, k: number, e = F) => opt('CALL', q, k, e);
const put = (q: number, k: number, e = F) => opt('PUT', q, k, e);
const shares = (q: number, symbol = 'XYZ'): Leg => ({ contract: { kind: 'stock', symbol }, quantity: q });

const ok = { ok: true };
const reason = (r: ReturnType<typeof validateLegs>) => (r.ok ? 'ok' : r.reason);

describe('validateLegs: basics', () => {
  test('no legs, fractional or zero quantities, bad strikes or dates, mixed underlyings', () => {
    expect(reason(validateLegs('long_call', []))).toMatch(/no legs/);
    expect(reason(validateLegs('long_call', [call(0.5, 100)]))).toMatch(/whole, non-zero/);
    expect(reason(validateLegs('long_call', [call(0, 100)]))).toMatch(/whole, non-zero/);
    expect(reason(validateLegs('long_call', [call(1, 0)]))).toMatch(/positive strike/);
    expect(reason(validateLegs('long_call', [call(1, 100, '16/01/2026')]))).toMatch(/expiration date/);
    expect(reason(validateLegs('covered_call', [shares(100, 'ABC'), call(-1, 100)]))).toMatch(
      /same underlying/,
    );
  });
});

describe('validateLegs: single legs, covered and married', () => {
  test('singles', () => {
    expect(validateLegs('long_call', [call(1, 100)])).toEqual(ok);
    expect(validateLegs('long_call', [call(3, 100)])).toEqual(ok);
    expect(reason(validateLegs('long_call', [put(1, 100)]))).toBe('Long Call buys a CALL.');
    expect(reason(validateLegs('long_call', [call(-1, 100)]))).toBe('Long Call buys a CALL.');
    expect(validateLegs('long_put', [put(1, 100)])).toEqual(ok);
    expect(validateLegs('naked_call', [call(-1, 100)])).toEqual(ok);
    expect(validateLegs('naked_put', [put(-2, 100)])).toEqual(ok);
    expect(reason(validateLegs('naked_put', [put(-1, 100), put(-1, 95)]))).toMatch(
      /needs 1 option leg; got 2/,
    );
  });

  test('covered call: 100 shares per short call contract', () => {
    expect(validateLegs('covered_call', [shares(100), call(-1, 105)])).toEqual(ok);
    expect(validateLegs('covered_call', [call(-3, 105), shares(300)])).toEqual(ok);
    expect(reason(validateLegs('covered_call', [shares(100), call(-2, 105)]))).toMatch(
      /100 shares per option/,
    );
    expect(reason(validateLegs('covered_call', [call(-1, 105)]))).toMatch(
      /needs 1 stock leg and 1 option leg/,
    );
    expect(reason(validateLegs('covered_call', [shares(-100), call(-1, 105)]))).toMatch(
      /holds the stock long/,
    );
    expect(reason(validateLegs('covered_call', [shares(100), call(1, 105)]))).toMatch(/sells a CALL/);
  });

  test('married put and married call', () => {
    expect(validateLegs('married_put', [shares(100), put(1, 95)])).toEqual(ok);
    expect(reason(validateLegs('married_put', [shares(100), call(1, 95)]))).toMatch(/buys a PUT/);
    expect(validateLegs('married_call', [shares(-100), call(1, 105)])).toEqual(ok);
    expect(reason(validateLegs('married_call', [shares(100), call(1, 105)]))).toMatch(
      /sells the stock short/,
    );
  });

  test('long and short stock', () => {
    expect(validateLegs('long_stock', [shares(100)])).toEqual(ok);
    expect(validateLegs('short_stock', [shares(-200)])).toEqual(ok);
    expect(reason(validateLegs('long_stock', [shares(-100)]))).toMatch(/holds the stock long/);
    expect(reason(validateLegs('long_stock', [shares(150)]))).toMatch(/multiples of 100/);
    expect(reason(validateLegs('long_stock', [shares(100), call(1, 100)]))).toMatch(
      /needs 1 stock leg and 0 option legs/,
    );
  });
});

describe('validateLegs: verticals', () => {
  test('bull call: long the lower strike', () => {
    expect(validateLegs('bull_call_spread', [call(1, 100), call(-1, 105)])).toEqual(ok);
    expect(validateLegs('bull_call_spread', [call(-2, 105), call(2, 100)])).toEqual(ok);
    expect(reason(validateLegs('bull_call_spread', [call(1, 105), call(-1, 100)]))).toBe(
      'The Long CALL strike must be below the Short CALL strike.',
    );
    expect(reason(validateLegs('bull_call_spread', [call(1, 100), call(-1, 100)]))).toMatch(/must be below/);
    expect(reason(validateLegs('bull_call_spread', [call(1, 100), call(-2, 105)]))).toMatch(/ratio 1 : -1/);
    expect(reason(validateLegs('bull_call_spread', [call(1, 100), call(-1, 105, B)]))).toBe(
      'All legs need the same expiration.',
    );
    expect(reason(validateLegs('bull_call_spread', [call(1, 100), call(1, 105)]))).toMatch(
      /buys a CALL and sells a CALL/,
    );
  });

  test('bear call: short the lower strike', () => {
    expect(validateLegs('bear_call_spread', [call(-1, 100), call(1, 105)])).toEqual(ok);
    expect(reason(validateLegs('bear_call_spread', [call(1, 100), call(-1, 105)]))).toMatch(
      /Short CALL strike must be below/,
    );
  });

  test('bull put: long the lower strike; bear put: long the higher strike', () => {
    expect(validateLegs('bull_put_spread', [put(1, 95), put(-1, 100)])).toEqual(ok);
    expect(reason(validateLegs('bull_put_spread', [put(1, 100), put(-1, 95)]))).toMatch(
      /Long PUT strike must be below/,
    );
    expect(validateLegs('bear_put_spread', [put(1, 100), put(-1, 95)])).toEqual(ok);
    expect(reason(validateLegs('bear_put_spread', [put(1, 95), put(-1, 100)]))).toMatch(
      /Short PUT strike must be below/,
    );
    expect(reason(validateLegs('bear_put_spread', [call(1, 95), put(-1, 100)]))).toMatch(
      /sells a PUT and buys a PUT/,
    );
  });
});

describe('validateLegs: volatility', () => {
  test('straddles share a strike', () => {
    expect(validateLegs('long_straddle', [put(1, 100), call(1, 100)])).toEqual(ok);
    expect(validateLegs('short_straddle', [call(-1, 100), put(-1, 100)])).toEqual(ok);
    expect(reason(validateLegs('long_straddle', [put(1, 100), call(1, 105)]))).toBe(
      'The PUT and the CALL legs need the same strike.',
    );
    expect(reason(validateLegs('short_straddle', [put(1, 100), call(1, 100)]))).toMatch(
      /sells a PUT and sells a CALL/,
    );
  });

  test('strangles: call strike above the put strike', () => {
    expect(validateLegs('long_strangle', [put(1, 95), call(1, 105)])).toEqual(ok);
    expect(validateLegs('short_strangle', [put(-1, 95), call(-1, 105)])).toEqual(ok);
    expect(reason(validateLegs('long_strangle', [put(1, 105), call(1, 95)]))).toBe(
      'The PUT strike must be below the CALL strike.',
    );
    expect(reason(validateLegs('short_strangle', [put(-1, 100), call(-1, 100)]))).toMatch(
      /PUT strike must be below/,
    );
  });
});

describe('validateLegs: butterflies and condors', () => {
  test('butterflies: 1 −2 1, ordered, equal wings', () => {
    expect(validateLegs('call_butterfly', [call(1, 95), call(-2, 100), call(1, 105)])).toEqual(ok);
    expect(validateLegs('put_butterfly', [put(1, 105), put(1, 95), put(-2, 100)])).toEqual(ok);
    expect(validateLegs('call_butterfly', [call(1, 95), call(-2, 97.5), call(1, 100)])).toEqual(ok);
    expect(reason(validateLegs('call_butterfly', [call(1, 95), call(-2, 100), call(1, 110)]))).toMatch(
      /equal widths/,
    );
    expect(reason(validateLegs('call_butterfly', [call(1, 95), call(-1, 100), call(1, 105)]))).toMatch(
      /ratio 1 : -2 : 1/,
    );
    expect(reason(validateLegs('call_butterfly', [call(-1, 95), call(2, 100), call(-1, 105)]))).toMatch(
      /buys a CALL/,
    );
    expect(reason(validateLegs('put_butterfly', [put(1, 95), put(-2, 100), put(1, 100)]))).toMatch(
      /must be below/,
    );
  });

  test('iron condor: long put < short put < short call < long call', () => {
    const ic = [put(1, 90), put(-1, 95), call(-1, 105), call(1, 110)];
    expect(validateLegs('iron_condor', ic)).toEqual(ok);
    expect(validateLegs('iron_condor', [put(1, 90), put(-1, 95), call(-1, 105), call(1, 120)])).toEqual(ok);
    expect(
      reason(validateLegs('iron_condor', [put(1, 90), put(-1, 105), call(-1, 95), call(1, 110)])),
    ).toMatch(/Short PUT strike must be below the Short CALL strike/);
    expect(
      reason(validateLegs('iron_condor', [put(1, 90), put(-1, 100), call(-1, 100), call(1, 110)])),
    ).toMatch(/must be below/);
    expect(
      reason(validateLegs('iron_condor', [put(1, 90), put(-1, 95), put(-1, 105), call(1, 110)])),
    ).toMatch(/buys a PUT, sells a PUT, sells a CALL and buys a CALL/);
  });

  test('iron butterfly: short put and short call share the middle strike', () => {
    expect(validateLegs('iron_butterfly', [put(1, 90), put(-1, 100), call(-1, 100), call(1, 110)])).toEqual(
      ok,
    );
    expect(
      reason(validateLegs('iron_butterfly', [put(1, 90), put(-1, 95), call(-1, 105), call(1, 110)])),
    ).toMatch(/Short PUT and the Short CALL legs need the same strike/);
  });
});

describe('validateLegs: calendars and diagonals', () => {
  test('calendar: same strike, sold front, bought back', () => {
    expect(validateLegs('long_call_calendar_spread', [call(-1, 100, F), call(1, 100, B)])).toEqual(ok);
    expect(validateLegs('long_put_calendar_spread', [put(1, 100, B), put(-1, 100, F)])).toEqual(ok);
    expect(reason(validateLegs('long_call_calendar_spread', [call(-1, 100, B), call(1, 100, F)]))).toBe(
      'The Front leg must expire before the Back leg.',
    );
    expect(reason(validateLegs('long_call_calendar_spread', [call(-1, 100, F), call(1, 100, F)]))).toMatch(
      /expire before/,
    );
    expect(reason(validateLegs('long_call_calendar_spread', [call(-1, 100, F), call(1, 105, B)]))).toMatch(
      /same strike/,
    );
  });

  test('diagonal: different strikes and expirations, sold front', () => {
    expect(validateLegs('long_call_diagonal_spread', [call(-1, 105, F), call(1, 100, B)])).toEqual(ok);
    expect(validateLegs('long_call_diagonal_spread', [call(-1, 100, F), call(1, 105, B)])).toEqual(ok);
    expect(validateLegs('long_put_diagonal_spread', [put(-1, 95, F), put(1, 100, B)])).toEqual(ok);
    expect(reason(validateLegs('long_call_diagonal_spread', [call(-1, 100, F), call(1, 100, B)]))).toBe(
      'The Front and Back legs need different strikes.',
    );
    expect(reason(validateLegs('long_put_diagonal_spread', [put(-1, 95, B), put(1, 100, F)]))).toMatch(
      /expire before/,
    );
  });
});

describe('validateLegs: collar and ratio spreads', () => {
  test('collar: long stock, long put, short call above the put', () => {
    expect(validateLegs('collar', [shares(100), put(1, 95), call(-1, 105)])).toEqual(ok);
    expect(reason(validateLegs('collar', [shares(100), put(1, 105), call(-1, 95)]))).toBe(
      'The Long PUT strike must be below the Short CALL strike.',
    );
    expect(reason(validateLegs('collar', [shares(100), put(1, 95), call(-1, 105, B)]))).toMatch(
      /same expiration/,
    );
    expect(reason(validateLegs('collar', [put(1, 95), call(-1, 105)]))).toMatch(
      /needs 1 stock leg and 2 option legs/,
    );
  });

  test('ratio spreads: more sold than bought, 1–99 each, ordered strikes', () => {
    expect(validateLegs('call_ratio_spread', [call(1, 100), call(-2, 105)])).toEqual(ok);
    expect(validateLegs('call_ratio_spread', [call(2, 100), call(-3, 105)])).toEqual(ok);
    expect(validateLegs('put_ratio_spread', [put(1, 100), put(-2, 95)])).toEqual(ok);
    expect(validateLegs('put_ratio_spread', [put(98, 100), put(-99, 95)])).toEqual(ok);
    expect(reason(validateLegs('call_ratio_spread', [call(2, 100), call(-2, 105)]))).toBe(
      RATIO_COUNT_MESSAGE,
    );
    expect(reason(validateLegs('call_ratio_spread', [call(3, 100), call(-2, 105)]))).toBe(
      RATIO_COUNT_MESSAGE,
    );
    expect(reason(validateLegs('call_ratio_spread', [call(1, 100), call(-100, 105)]))).toMatch(/1 to 99/);
    expect(reason(validateLegs('call_ratio_spread', [call(1, 105), call(-2, 100)]))).toMatch(
      /Long CALL strike must be below/,
    );
    expect(reason(validateLegs('put_ratio_spread', [put(1, 95), put(-2, 100)]))).toMatch(
      /Short PUT strike must be below/,
    );
    expect(reason(validateLegs('put_ratio_spread', [put(1, 100), put(-2, 95, B)]))).toMatch(
      /same expiration/,
    );
  });
});

describe('validateLegs: custom', () => {
  test('at least one option leg, at most one stock leg, up to 4 option legs, one expiration', () => {
    expect(validateLegs('custom', [call(1, 100)])).toEqual(ok);
    expect(
      validateLegs('custom', [shares(300), call(-3, 105), put(1, 95), put(-1, 90), call(9, 120)]),
    ).toEqual(ok);
    expect(reason(validateLegs('custom', [shares(100)]))).toBe(
      'A custom strategy needs at least one option leg.',
    );
    expect(reason(validateLegs('custom', [shares(100), shares(100), call(1, 100)]))).toBe(
      'Only one stock leg is allowed.',
    );
    expect(
      reason(validateLegs('custom', [call(1, 100), call(1, 105), call(1, 110), call(1, 115), call(1, 120)])),
    ).toBe('Up to 4 option legs are allowed.');
    expect(reason(validateLegs('custom', [call(10, 100)]))).toMatch(/1 to 9 contracts/);
    expect(reason(validateLegs('custom', [shares(150), call(1, 100)]))).toMatch(/steps of 100/);
    expect(reason(validateLegs('custom', [shares(1000), call(1, 100)]))).toMatch(/steps of 100/);
    expect(reason(validateLegs('custom', [call(1, 100), put(1, 100, B)]))).toBe(
      'All option legs need the same expiration.',
    );
  });
});
