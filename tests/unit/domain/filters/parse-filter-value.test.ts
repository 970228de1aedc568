import { describe, expect, test } from 'vitest';
import { FilterValueError } from '#domain/filters/filter-value-error.ts';
import { parseFilterValue } from '#domain/filters/parse-filter-value.ts';

const fails = (name: string, raw: unknown, message: RegExp) => {
  let error: unknown;
  try {
    parseFilterValue(name, raw);
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(FilterValueError);
  expect((error as FilterValueError).filter).toBe(name);
  expect((error as FilterValueError).message).toMatch(message);
};

describe('envelope', () => {
  test('an unknown value type throws, naming the filter', () => {
    fails('p_e', { type: 'fuzzy', min: 1 }, /unknown value type "fuzzy"/);
    fails('p_e', { min: 1 }, /unknown value type undefined/);
  });
  test('a known type that is not the filter kind throws', () => {
    fails('p_e', { type: 'boolean', value: true }, /expects a range value, got boolean/);
  });
  test('a value that is not an object throws', () => {
    fails('p_e', [1, 2], /must be an object/);
    fails('p_e', null, /must be an object/);
  });
  test('an unknown filter throws', () => {
    fails('no_such_filter', { type: 'range', min: 1, max: 2 }, /unknown filter/);
  });
  test('an indexed filter needs its index in range', () => {
    fails('leg_delta', { type: 'leg_delta', mode: 'closest', target: 0.3 }, /needs a leg number/);
    fails('leg_delta_5', { type: 'leg_delta', mode: 'closest', target: 0.3 }, /1…4/);
    expect(parseFilterValue('leg_delta_4', { type: 'leg_delta', mode: 'closest', target: 0.3 })).toEqual({
      type: 'leg_delta',
      mode: 'closest',
      target: 0.3,
    });
  });
});

describe('range and probability', () => {
  test('null is an open bound; values round to the filter decimals', () => {
    expect(parseFilterValue('p_e', { type: 'range', min: null, max: 20.004 })).toEqual({
      type: 'range',
      min: null,
      max: 20,
    });
    expect(parseFilterValue('max_loss_percent', { type: 'range', max: 0.123456 })).toEqual({
      type: 'range',
      min: null,
      max: 0.1235,
    });
  });
  test('min above max, non-numbers, NaN and infinity are malformed', () => {
    fails('p_e', { type: 'range', min: 30, max: 20 }, /above max/);
    fails('p_e', { type: 'range', min: '10', max: 20 }, /finite number/);
    fails('p_e', { type: 'range', min: Number.NaN, max: 20 }, /finite number/);
    fails('p_e', { type: 'range', min: 0, max: Number.POSITIVE_INFINITY }, /finite number/);
  });
  test('bounds are enforced', () => {
    fails('stock_score_growth', { type: 'range', min: 0, max: 5 }, /outside 1…10/);
    fails('prob_profit', { type: 'probability', min: 0.5, max: 1.2 }, /outside 0…1/);
  });
  test('probabilities keep 2 decimals', () => {
    expect(parseFilterValue('prob_profit', { type: 'probability', min: 0.655, max: null })).toEqual({
      type: 'probability',
      min: 0.66,
      max: null,
    });
  });
});

describe('choice kinds', () => {
  test('equals must be one of the choices', () => {
    expect(parseFilterValue('type_id', { type: 'equals', value: 2 })).toEqual({ type: 'equals', value: 2 });
    fails('type_id', { type: 'equals', value: 4 }, /not a choice/);
    fails('type_id', { type: 'equals', value: true }, /text or a number/);
  });
  test('choice_map keeps known codes once; empty means Any only where Any exists', () => {
    expect(parseFilterValue('expiration_type', { type: 'choice_map', values: ['weekly', 'weekly'] })).toEqual(
      {
        type: 'choice_map',
        values: ['weekly'],
      },
    );
    expect(parseFilterValue('expiration_type', { type: 'choice_map', values: [] })).toEqual({
      type: 'choice_map',
      values: [],
    });
    fails('diagonal_spread_shape', { type: 'choice_map', values: [] }, /at least one/);
    fails('butterfly_shape', { type: 'choice_map', values: ['lopsided'] }, /among balanced/);
  });
  test('sector codes are validated', () => {
    expect(parseFilterValue('sector', { type: 'sector', values: [2361, 1, 1] })).toEqual({
      type: 'sector',
      values: [2361, 1],
    });
    fails('sector', { type: 'sector', values: [5] }, /unknown sector/);
  });
  test('boolean', () => {
    expect(parseFilterValue('weekly_options', { type: 'boolean', value: false })).toEqual({
      type: 'boolean',
      value: false,
    });
    fails('weekly_options', { type: 'boolean', value: 'yes' }, /true or false/);
  });
});

describe('lists', () => {
  test('symbol lists are normalised from text or a list', () => {
    expect(parseFilterValue('include_symbols', { type: 'any_of', values: 'aapl, msft;aapl  brk.b' })).toEqual(
      {
        type: 'any_of',
        values: ['AAPL', 'MSFT', 'BRK.B'],
      },
    );
    expect(parseFilterValue('exclude_symbols', { type: 'none_of', values: ['tsla', ''] })).toEqual({
      type: 'none_of',
      values: ['TSLA'],
    });
    expect(parseFilterValue('include_symbols', { type: 'any_of', values: ' ,; ' })).toEqual({
      type: 'any_of',
      values: [],
    });
    fails('include_symbols', { type: 'any_of', values: [1, 2] }, /symbol list/);
  });
  test('universe takes one positive id', () => {
    expect(parseFilterValue('universe', { type: 'any_of', values: [7] })).toEqual({
      type: 'any_of',
      values: [7],
    });
    fails('universe', { type: 'any_of', values: [7, 8] }, /at most 1/);
    fails('universe', { type: 'any_of', values: [-1] }, /positive ids/);
  });
});

describe('range or closest, leg delta', () => {
  test('closest needs a target in bounds', () => {
    expect(
      parseFilterValue('days_to_expiration', { type: 'range_or_closest', mode: 'closest', target: 30 }),
    ).toEqual({
      type: 'range_or_closest',
      mode: 'closest',
      target: 30,
    });
    fails('days_to_expiration', { type: 'range_or_closest', mode: 'closest', target: -3 }, /outside 0…/);
    fails(
      'days_to_expiration',
      { type: 'range_or_closest', mode: 'nearest', target: 3 },
      /mode must be one of/,
    );
  });
  test('leg delta is −1…1 with 2 decimals', () => {
    expect(
      parseFilterValue('leg_delta_1', { type: 'leg_delta', mode: 'range', min: -0.304, max: -0.15 }),
    ).toEqual({
      type: 'leg_delta',
      mode: 'range',
      min: -0.3,
      max: -0.15,
    });
    fails('leg_delta_1', { type: 'leg_delta', mode: 'closest', target: 1.5 }, /outside -1…1/);
  });
});

describe('date range', () => {
  test('relative takes whole days, frozen takes real dates', () => {
    expect(
      parseFilterValue('expiration_date', { type: 'date_range', mode: 'relative', from: 7, to: null }),
    ).toEqual({
      type: 'date_range',
      mode: 'relative',
      from: 7,
      to: null,
    });
    expect(
      parseFilterValue('ipo_date', {
        type: 'date_range',
        mode: 'frozen',
        from: '2020-01-01',
        to: '2024-02-29',
      }),
    ).toEqual({ type: 'date_range', mode: 'frozen', from: '2020-01-01', to: '2024-02-29' });
    fails('ipo_date', { type: 'date_range', mode: 'relative', from: 1.5, to: null }, /whole days/);
    fails('ipo_date', { type: 'date_range', mode: 'frozen', from: '2023-02-29', to: null }, /YYYY-MM-DD/);
    fails('ipo_date', { type: 'date_range', mode: 'frozen', from: '2024-03-01', to: '2024-02-01' }, /after/);
    fails('ipo_date', { type: 'date_range', mode: 'relative', from: 10, to: 2 }, /after/);
  });
});

describe('scenario', () => {
  test('shift, unit and a range of the re-priced metric', () => {
    expect(
      parseFilterValue('new_prob_profit_at_2', {
        type: 'scenario',
        shift: -0.05,
        unit: 'pct',
        min: 0.5,
        max: null,
      }),
    ).toEqual({ type: 'scenario', shift: -0.05, unit: 'pct', min: 0.5, max: null });
    fails(
      'new_prob_profit_at_1',
      { type: 'scenario', shift: 1, unit: 'pct', min: 2, max: null },
      /outside 0…1/,
    );
    fails(
      'shift_pl_margin_1',
      { type: 'scenario', shift: 1, unit: 'bars', min: 0, max: null },
      /unit must be/,
    );
    fails('shift_pl_margin_11', { type: 'scenario', shift: 1, unit: 'pct', min: 0, max: null }, /1…10/);
    expect(
      parseFilterValue('shift_pl_margin_1', {
        type: 'scenario',
        shift: -0.123456,
        unit: 'sma_200',
        min: 0,
        max: null,
      }),
    ).toEqual({ type: 'scenario', shift: -0.1235, unit: 'sma_200', min: 0, max: null });
    expect(
      parseFilterValue('shift_pl_margin_1', {
        type: 'scenario',
        shift: 1.234,
        unit: 'atr',
        min: 0,
        max: null,
      }),
    ).toMatchObject({ shift: 1.23 });
  });
});

describe('indicators', () => {
  test('rsi keeps only the bounds its behaviour uses; thresholds 0–100, 2 decimals', () => {
    expect(
      parseFilterValue('rsi', { type: 'rsi', length: 14, behavior: 'above', from: 70.004, to: 90 }),
    ).toEqual({ type: 'rsi', length: 14, behavior: 'above', from: 70, to: null });
    fails('rsi', { type: 'rsi', length: 14, behavior: 'between', from: 40, to: null }, /to is needed/);
    fails('rsi', { type: 'rsi', length: 14, behavior: 'below', to: 120 }, /outside 0…100/);
    fails('rsi', { type: 'rsi', length: 0, behavior: 'below', to: 30 }, /length must be a whole number ≥ 1/);
    fails('rsi', { type: 'rsi', length: 2.5, behavior: 'below', to: 30 }, /whole number/);
  });
  test('moving averages', () => {
    fails('ma', { type: 'ma', maType: 'wma', length: 200, behavior: 'price_above' }, /maType/);
    fails(
      'ma',
      { type: 'ma', maType: 'ema', length: 200, behavior: 'price_above', from: 10, to: 5 },
      /above to/,
    );
    fails('ma_percentile', { type: 'ma_percentile', maType: 'sma', length: 200, lookback: 0 }, /lookback/);
    fails(
      'ma_crossover',
      { type: 'ma_crossover', maType: 'sma', fast: 200, slow: 50, behavior: 'golden_cross', withinDays: 3 },
      /shorter/,
    );
    fails(
      'ma_crossover',
      { type: 'ma_crossover', maType: 'sma', fast: 50, slow: 200, behavior: 'golden_cross', withinDays: -1 },
      /withinDays must be a whole number ≥ 0/,
    );
  });
  test('macd, stochastic, bollinger', () => {
    fails(
      'macd',
      { type: 'macd', fast: 26, slow: 12, signal: 9, behavior: 'bullish_cross', withinDays: 0 },
      /shorter/,
    );
    fails(
      'stochastic',
      { type: 'stochastic', kLength: 14, kSmoothing: 1, dLength: 3, behavior: 'oversold', level: 101 },
      /outside/,
    );
    expect(
      parseFilterValue('bollinger', {
        type: 'bollinger',
        length: 20,
        stdDevs: 2,
        behavior: 'between',
        from: -0.25,
        to: 1.3,
      }),
    ).toEqual({ type: 'bollinger', length: 20, stdDevs: 2, behavior: 'between', from: -0.25, to: 1.3 });
    fails(
      'bollinger',
      { type: 'bollinger', length: 20, stdDevs: 2, behavior: 'between' },
      /needs from or to/,
    );
    expect(
      parseFilterValue('bollinger', {
        type: 'bollinger',
        length: 20,
        stdDevs: 2,
        behavior: 'inside',
        from: 3,
        to: 9,
      }),
    ).toEqual({ type: 'bollinger', length: 20, stdDevs: 2, behavior: 'inside', from: null, to: null });
  });
});
