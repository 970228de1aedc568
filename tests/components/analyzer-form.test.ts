/**
 * The analyzer form's rules (spec 3 §4, §5, §9): what a ticker brings, what a Price Target or
 * unit change keeps, the validation messages, and the inputs a run reads back from the address.
 */
import { describe, expect, test } from 'vitest';
import type { UnderlyingFacts } from '#api/market.ts';
import { analyzerSearch } from '#app/route-params.ts';
import {
  chooseBehavior,
  chooseDate,
  chooseUnit,
  defaultDraft,
  draftOfSearch,
  searchOfDraft,
  setLevels,
  typeLevel,
  unitDataOf,
  unitsFor,
  validateDraft,
} from '#app/screens/analyzer/analyzer-form.ts';
import { runInputsOf } from '#app/screens/analyzer/run-inputs.ts';
import type { UnitData } from '#domain/scenario/price-units.ts';
import { FACTS as AAPL } from './analyzer-fixtures.ts';

// No analysts' target: its unit is not offered.
const FACTS: UnderlyingFacts = { ...AAPL, values: { ...AAPL.values, target_price: null } };

const DATA = unitDataOf(FACTS, 36.5) as UnitData;
const DEFAULTS = defaultDraft(DATA, 0.2412, 0.04066);

describe('choosing a ticker', () => {
  test('the level starts at the last price, volatility at the realised one, drift at the risk-free rate', () => {
    expect(DEFAULTS.behavior).toBe('abovePrice');
    expect(DEFAULTS.texts.value).toBe('200');
    expect(DEFAULTS.prices.value).toBe(200);
    expect(DEFAULTS.volatility).toBe('24.12');
    expect(DEFAULTS.drift).toBe('4.07');
    expect(DEFAULTS.unbalanced).toBe(false);
    expect(DEFAULTS.fill).toBe('mid');
    expect(DEFAULTS.date).toBeNull();
  });

  test('the facts give the levels the units measure from, and a missing one hides its unit', () => {
    expect(DATA.sma200).toBeCloseTo(160, 10);
    expect(DATA.high52w).toBeCloseTo(250, 10);
    expect(DATA.low52w).toBeCloseTo(125, 10);
    expect(DATA.targetPrice).toBeNull();
    expect(unitsFor(DEFAULTS, DATA)).toEqual(['abs', 'pct', 'atr', 'sma_200', 'w52_high', 'w52_low']);
    // Std devs are offered once a date is chosen.
    expect(unitsFor(chooseDate(DEFAULTS, '2027-01-02', DATA), DATA)).toContain('std');
  });
});

describe('Price Target', () => {
  test('within the same group the values are kept', () => {
    const typed = typeLevel(DEFAULTS, 'value', '215.5', DATA);
    expect(chooseBehavior(typed, 'belowPrice', DATA).prices.value).toBe(215.5);
    const range = { ...chooseBehavior(DEFAULTS, 'insideRange', DATA), unbalanced: true };
    const moved = typeLevel(range, 'from', '170', DATA);
    const outside = chooseBehavior(moved, 'outsideRange', DATA);
    expect(outside.prices).toMatchObject({ from: 170, to: 220 });
    expect(outside.unbalanced).toBe(true);
  });

  test('from a level to a range, the range is 90% and 110% of the last price', () => {
    const typed = typeLevel(DEFAULTS, 'value', '230', DATA);
    const range = chooseBehavior(typed, 'outsideRange', DATA);
    expect(range.prices).toMatchObject({ from: 180, to: 220 });
    expect(range.texts).toMatchObject({ from: '180', to: '220' });
  });

  test('from a range back to a level, the level is the last price and unbalanced is off', () => {
    const range = { ...chooseBehavior(DEFAULTS, 'insideRange', DATA), unbalanced: true };
    const level = chooseBehavior(range, 'abovePrice', DATA);
    expect(level.prices.value).toBe(200);
    expect(level.unbalanced).toBe(false);
  });
});

describe('units', () => {
  test('changing the unit keeps the price and says it in the unit', () => {
    const typed = typeLevel(DEFAULTS, 'value', '212', DATA);
    const pct = chooseUnit(typed, 'pct', DATA);
    expect(pct.texts.value).toBe('6');
    expect(pct.prices.value).toBe(212);
    const atr = chooseUnit(pct, 'atr', DATA);
    expect(atr.texts.value).toBe('3');
    const back = chooseUnit(chooseUnit(atr, 'w52_high', DATA), 'abs', DATA);
    expect(back.texts.value).toBe('212');
    expect(back.prices.value).toBe(212);
  });

  test('a level typed in a unit is its price in dollars, rounded to cents', () => {
    const pct = chooseUnit(DEFAULTS, 'pct', DATA);
    expect(typeLevel(pct, 'value', '-7.5', DATA).prices.value).toBe(185);
    const low = chooseUnit(DEFAULTS, 'w52_low', DATA);
    expect(typeLevel(low, 'value', '10', DATA).prices.value).toBe(137.5);
  });

  test('a price kept in a rounded unit does not drift when switching back and forth', () => {
    let draft = typeLevel(DEFAULTS, 'value', '213.37', DATA);
    for (let i = 0; i < 5; i++) draft = chooseUnit(chooseUnit(draft, 'atr', DATA), 'sma_200', DATA);
    expect(chooseUnit(draft, 'abs', DATA).texts.value).toBe('213.37');
  });

  test('the implied-move buttons set dollars and show them in the unit', () => {
    const pct = chooseUnit(DEFAULTS, 'pct', DATA);
    const moved = setLevels(pct, { value: 221.244 }, DATA);
    expect(moved.prices.value).toBe(221.24);
    expect(moved.texts.value).toBe('10.62');
  });
});

describe('validation (spec 3 §5)', () => {
  test('a valid draft has no messages', () => {
    expect(validateDraft(DEFAULTS)).toEqual({});
  });

  test.each([
    ['', 'Enter a price level.'],
    ['abc', 'Must be a number.'],
    ['0', 'The price must be at least $0.01.'],
    ['12.345', 'Use at most 2 decimals.'],
  ])('price %j: %s', (text, message) => {
    expect(validateDraft(typeLevel(DEFAULTS, 'value', text, DATA)).value).toBe(message);
  });

  test('a level in a unit that lands under a cent is refused', () => {
    const pct = chooseUnit(DEFAULTS, 'pct', DATA);
    expect(validateDraft(typeLevel(pct, 'value', '-100', DATA)).value).toBe(
      'The price must be at least $0.01.',
    );
  });

  test('a range needs its lower price under its upper price', () => {
    const range = chooseBehavior(DEFAULTS, 'insideRange', DATA);
    expect(validateDraft(typeLevel(range, 'from', '230', DATA)).to).toBe(
      'The upper price must be above the lower price.',
    );
  });

  test.each([
    ['0', 'The volatility must be at least 0.01%.'],
    ['0.001', 'Use at most 2 decimals.'],
    ['501', 'The volatility must be at most 500%.'],
    ['', 'Enter the volatility.'],
    ['x', 'Must be a number.'],
  ])('volatility %j: %s', (volatility, message) => {
    expect(validateDraft({ ...DEFAULTS, volatility }).volatility).toBe(message);
  });

  test.each([
    ['4.123', 'Use at most 2 decimals.'],
    ['-101', 'The drift must be at least -100%.'],
  ])('drift %j: %s', (drift, message) => {
    expect(validateDraft({ ...DEFAULTS, drift }).drift).toBe(message);
  });

  test('a negative drift and a 0.01% volatility are allowed', () => {
    expect(validateDraft({ ...DEFAULTS, drift: '-2.5', volatility: '0.01' })).toEqual({});
  });

  test('max risk is optional and positive', () => {
    expect(validateDraft({ ...DEFAULTS, maxRisk: '' }).maxRisk).toBeUndefined();
    expect(validateDraft({ ...DEFAULTS, maxRisk: '-5' }).maxRisk).toBe(
      'Max risk must be a positive dollar amount.',
    );
  });
});

describe('the address', () => {
  test('a run written to the address reads back as the same draft and the same request', () => {
    const range = typeLevel(chooseBehavior(DEFAULTS, 'insideRange', DATA), 'to', '231.5', DATA);
    const draft = {
      ...chooseUnit(chooseDate(range, '2027-01-02', DATA), 'std', DATA),
      unbalanced: true,
      fill: 'conservative' as const,
      maxRisk: '2500',
    };
    // The router keeps numbers and booleans as they were written.
    const search = analyzerSearch({ ...searchOfDraft(draft, analyzerSearch({ view: 'saved' })) });
    expect(search).toMatchObject({ view: 'saved', target: 'insideRange', from: 180, to: 231.5, unit: 'std' });
    const again = draftOfSearch(DEFAULTS, search, DATA);
    expect(again.prices).toMatchObject({ from: 180, to: 231.5 });
    expect(again.texts).toEqual(draft.texts);
    expect(again).toMatchObject({ unbalanced: true, fill: 'conservative', maxRisk: '2500', unit: 'std' });
    expect(runInputsOf('AAPL', search)).toEqual({
      symbol: 'AAPL',
      date: '2027-01-02',
      ranges: { behavior: 'insideRange', from: 180, to: 231.5 },
      bidAskLevel: 0.5,
      volatility: 0.2412,
      drift: 0.0407,
      onlyBalanced: false,
      maxRisk: 2500,
    });
  });

  test('malformed values are dropped and an incomplete address runs nothing', () => {
    const search = analyzerSearch({
      view: 'other',
      date: '27/11/2026',
      target: 'abovePrice',
      value: -3,
      slot: 12,
    });
    expect(search).toMatchObject({ view: undefined, date: undefined, value: undefined, slot: undefined });
    expect(runInputsOf('AAPL', search)).toBeNull();
    expect(
      runInputsOf(
        undefined,
        analyzerSearch({ date: '2027-01-02', target: 'abovePrice', value: 1, vol: 2, drift: 3 }),
      ),
    ).toBeNull();
  });
});
