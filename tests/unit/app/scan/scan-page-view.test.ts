/** The scan page's view logic: draft rules, sorting menu, loading stages, event icons, editors, filter text. */
import { describe, expect, test } from 'vitest';
import { eventOutcome, lastExpirationOf } from '#app/screens/scan/event-icons.ts';
import { filterSummary, fromShown, toShown, validateFilter } from '#app/screens/scan/filter-view.ts';
import { loadingMessage, nextStageIn } from '#app/screens/scan/loading-messages.ts';
import { pageWindow } from '#app/screens/scan/ScanResults.tsx';
import {
  addFilter,
  addScenario,
  changeStrategy,
  newDraft,
  removeFilter,
  runBody,
  scanSubtitle,
  scenarioKeys,
} from '#app/screens/scan/scan-draft.ts';
import { applySortChoice, sortChoices } from '#app/screens/scan/scan-sorting.ts';
import {
  additionBlock,
  customLegsIssues,
  ratioIssue,
  removeLeg,
} from '#app/screens/scan/strategy-editors.ts';
import { runSignature } from '#app/screens/scan/use-scan-run.ts';
import { filterByName } from '#domain/filters/filter-catalogue.ts';
import { STRATEGIES } from '#domain/strategies/catalogue.ts';

describe('scan draft', () => {
  test("the line under the title: a new scan's strategy intent, a saved scan's description", () => {
    expect(scanSubtitle(null, 'iron_condor')).toBe(STRATEGIES.iron_condor.intent);
    expect(scanSubtitle({ description: 'Mine' }, 'iron_condor')).toBe('Mine');
    expect(scanSubtitle({ description: '' }, 'iron_condor')).toBe('');
  });

  test('a new scan is a covered call with its defaults and default columns', () => {
    const d = newDraft();
    expect(d.strategy).toBe('covered_call');
    expect(d.columns.slice(0, 5)).toEqual([
      'underlying',
      'stock_last',
      'stock_iv_pr',
      'strike',
      'expiration_date',
    ]);
    expect(Object.keys(d.filters).length).toBeGreaterThan(0);
  });
  test('a strategy change brings its defaults; custom starts with one leg, ratio 1:2', () => {
    expect(changeStrategy('iron_condor').sorting).toEqual(changeStrategy('iron_condor').sorting);
    expect(changeStrategy('custom').legs).toHaveLength(1);
    expect(changeStrategy('call_ratio_spread').ratio).toEqual({ long: 1, short: 2 });
    expect(changeStrategy('long_call').legs).toBeNull();
  });
  test('adding and removing a filter rebuilds its columns', () => {
    const d = addFilter(newDraft(), 'rsi');
    expect(d.filters.rsi).toEqual(filterByName('rsi')?.defaultValue);
    expect(d.columns).toContain('rsi');
    const back = removeFilter(d, 'rsi');
    expect(back.filters.rsi).toBeUndefined();
    expect(back.columns).not.toContain('rsi');
  });
  test('indexed filters take the next free leg', () => {
    const once = addFilter(changeStrategy('iron_condor'), 'leg_delta');
    const twice = addFilter(once, 'leg_delta');
    expect(Object.keys(twice.filters)).toEqual(expect.arrayContaining(['leg_delta_1', 'leg_delta_2']));
  });
  test('removing a scenario renumbers the later ones', () => {
    let d = newDraft();
    for (let i = 0; i < 3; i += 1) d = addScenario(d) ?? d;
    expect(scenarioKeys(d)).toEqual(['shift_pl_margin_1', 'shift_pl_margin_2', 'shift_pl_margin_3']);
    const after = removeFilter(d, 'shift_pl_margin_1');
    expect(scenarioKeys(after)).toEqual(['shift_pl_margin_1', 'shift_pl_margin_2']);
  });
});

describe('sorting menu', () => {
  const one: [string, 'asc' | 'desc'][] = [['total_vol', 'desc']];
  test('only, first, second and reset', () => {
    expect(applySortChoice(one, 'stock_last', 'only_asc')).toEqual([['stock_last', 'asc']]);
    expect(applySortChoice(one, 'stock_last', 'second')).toEqual([
      ['total_vol', 'desc'],
      ['stock_last', 'desc'],
    ]);
    const two = applySortChoice(one, 'stock_last', 'first');
    expect(two).toEqual([
      ['stock_last', 'desc'],
      ['total_vol', 'desc'],
    ]);
    expect(applySortChoice(two, 'stock_last', 'reset')).toEqual([['total_vol', 'desc']]);
    // At most two levels, and the last sort key stays.
    expect(applySortChoice(two, 'strike', 'first')).toHaveLength(2);
    expect(applySortChoice(one, 'total_vol', 'reset')).toEqual(one);
  });
  test('the menu offers what applies', () => {
    expect(sortChoices(one, 'total_vol')).toEqual(['only_asc', 'only_desc']);
    expect(sortChoices(one, 'strike')).toEqual(['only_asc', 'only_desc', 'first', 'second']);
  });
});

test('loading messages at 5, 9, 13 and 18 s', () => {
  expect(loadingMessage(0)).toBe('Loading...');
  expect(loadingMessage(5000)).toBe('Scanning the entire market...');
  expect(loadingMessage(9500)).toBe('Checking all possible combinations...');
  expect(loadingMessage(13000)).toBe('Filtering out trades...');
  expect(loadingMessage(30000)).toBe('Almost there...');
  expect(nextStageIn(4000)).toBe(1000);
  expect(nextStageIn(19000)).toBeNull();
});

test('event icons: before or after the last expiration, per strategy; none in the past', () => {
  const last = lastExpirationOf([{ expiration: '2026-03-20' }, { expiration: '2026-04-17' }]);
  expect(last).toBe('2026-04-17');
  expect(eventOutcome('iron_condor', 'earnings', '2026-03-01', last, '2026-02-01')).toBe(2);
  expect(eventOutcome('iron_condor', 'earnings', '2026-05-01', last, '2026-02-01')).toBe(1);
  expect(eventOutcome('long_straddle', 'earnings', '2026-03-01', last, '2026-02-01')).toBe(1);
  expect(eventOutcome('covered_call', 'dividend', '2026-03-01', last, '2026-02-01')).toBe(3);
  expect(eventOutcome('covered_call', 'dividend', '2026-01-01', last, '2026-02-01')).toBeNull();
});

test('custom legs and ratio editor messages', () => {
  const legs = [
    { kind: 'option', right: 'CALL', quantity: 1 },
    { kind: 'stock', quantity: 100 },
  ] as const;
  expect(additionBlock(legs, 'stock', 5)?.message).toBe('Only one stock leg is allowed.');
  expect(additionBlock(legs, 'option', 2)).toEqual({
    message: 'You have reached the maximum legs (2) allowed on your current subscription plan.',
    upgrade: true,
  });
  expect(customLegsIssues([{ kind: 'stock', quantity: 100 }], 5)).toContain(
    'A custom strategy needs at least one option leg.',
  );
  const strikeFree = removeLeg(
    [
      { kind: 'option', right: 'CALL', quantity: 1 },
      { kind: 'option', right: 'PUT', quantity: -1, strike: 'same' },
    ],
    0,
  );
  expect(strikeFree).toEqual([{ kind: 'option', right: 'PUT', quantity: -1 }]);
  expect(ratioIssue(2, 2)).toBe(
    'The number of the Long options must be less than the number of the Short options.',
  );
  expect(ratioIssue(1, null)).not.toBeNull();
  expect(ratioIssue(1, 3)).toBeNull();
});

test('filter values in the units a trader types, summaries, validation', () => {
  const maxLoss = filterByName('max_loss');
  const pct = filterByName('max_loss_percent');
  if (!maxLoss || !pct) throw new Error('catalogue');
  expect(toShown(maxLoss, 4.25)).toBe(425);
  expect(fromShown(maxLoss, 425)).toBe(4.25);
  expect(toShown(pct, 0.055)).toBe(5.5);
  expect(filterSummary(maxLoss, { type: 'range', min: null, max: 5 })).toBe('≤ $500');
  expect(filterSummary(maxLoss, { type: 'range', min: 1, max: 3 })).toBe('$100 – $300');
  expect(validateFilter('rsi', { type: 'rsi', length: 0, behavior: 'below', from: null, to: 30 })).toEqual({
    error: 'length must be a whole number ≥ 1',
  });
  expect(validateFilter('include_symbols', { type: 'any_of', values: ['aapl', 'msft', 'AAPL'] })).toEqual({
    value: { type: 'any_of', values: ['AAPL', 'MSFT'] },
  });
});

test('page buttons around the current page', () => {
  expect(pageWindow(0, 3)).toEqual([0, 1, 2]);
  expect(pageWindow(5, 12)).toEqual([0, null, 3, 4, 5, 6, 7, null, 11]);
});

describe('run signature', () => {
  test('names the definition and ticker; page, cache id and key order do not count', () => {
    const body = runBody(newDraft(), { page: 0, cacheId: null, narrowedToSymbol: null });
    const filters = Object.fromEntries(
      Object.entries(body.filters)
        .reverse()
        .map(([k, v]) => [
          k,
          v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).reverse()) : v,
        ]),
    );
    expect(Object.keys(filters).length).toBeGreaterThan(1);
    expect(runSignature({ ...body, filters, page: 3, cacheId: 'abc' })).toBe(runSignature(body));
    expect(runSignature({ ...body, narrowedToSymbol: 'KO' })).not.toBe(runSignature(body));
  });
});
