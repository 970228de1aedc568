/** The filter editor's dialog (spec 2 §3.9, §4.4, §5): what a trader types, and what Apply keeps. */
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { Universe } from '#api/screener-model.ts';
import { createQueryClient } from '#app/api/query-client.ts';
import { DefinitionPanel } from '#app/screens/scan/DefinitionPanel.tsx';
import { FilterDialog } from '#app/screens/scan/FilterEditor.tsx';
import { NOT_A_NUMBER_MESSAGE } from '#app/screens/scan/filter-view.ts';
import { addFilter, newDraft, type ScanDraft, setFilter } from '#app/screens/scan/scan-draft.ts';
import { filterByName } from '#domain/filters/filter-catalogue.ts';
import type { FilterValue } from '#domain/filters/filter-value.ts';
import { stubApi } from '../api-stub.ts';

function editor(filterKey: string, value: FilterValue) {
  const def = filterByName(filterKey);
  if (!def) throw new Error(`no filter ${filterKey}`);
  const onApply = vi.fn();
  render(
    <FilterDialog
      filterKey={filterKey}
      def={def}
      title={def.label}
      value={value}
      asOfMs={0}
      onApply={onApply}
      onClose={() => undefined}
    />,
  );
  return onApply;
}

const apply = () => fireEvent.click(screen.getByRole('button', { name: 'Apply' }));

describe('symbol lists', () => {
  test.each([
    ['include_symbols', 'any_of'],
    ['exclude_symbols', 'none_of'],
  ] as const)('%s: typing letter by letter keeps the editor, Apply keeps the cleaned list', (key, type) => {
    const onApply = editor(key, { type, values: [] });
    const field = screen.getByLabelText('Symbols');
    for (const text of ['a', 'aa', 'aapl', 'aapl,', 'aapl, msft; aapl ']) {
      fireEvent.change(field, { target: { value: text } });
      expect((field as HTMLTextAreaElement).value).toBe(text);
    }
    apply();
    expect(onApply).toHaveBeenCalledWith({ type, values: ['AAPL', 'MSFT'] });
  });
});

const type = (label: string, text: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value: text } });

describe('numbers in the units the field shows', () => {
  test('150 in a percent field is 150%, refused in percent', () => {
    const onApply = editor('prob_profit', { type: 'probability', min: 0.5, max: null });
    type('Min (%)', '150');
    apply();
    expect(screen.getByRole('alert').textContent).toBe('Min 150% is outside 0% – 100%.');
    expect(onApply).not.toHaveBeenCalled();
    type('Min (%)', '75');
    apply();
    expect(onApply).toHaveBeenCalledWith({ type: 'probability', min: 0.75, max: null });
  });

  test('a bound below the least a filter takes, and min above max, are said in dollars', () => {
    const onApply = editor('max_loss', { type: 'range', min: null, max: 5 });
    type('Min ($)', '-100');
    apply();
    expect(screen.getByRole('alert').textContent).toBe('Min −$100 is below $0, the least it can be.');
    type('Min ($)', '600');
    apply();
    expect(screen.getByRole('alert').textContent).toBe('Min $600 is above Max $500.');
    expect(onApply).not.toHaveBeenCalled();
  });

  test('text that is not a number is refused, not read as Any', () => {
    const onApply = editor('max_loss', { type: 'range', min: null, max: 5 });
    type('Max ($)', 'abc');
    expect(screen.getByLabelText('Max ($)').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Not a number')).toBeTruthy();
    apply();
    expect(screen.getByRole('alert').textContent).toBe(NOT_A_NUMBER_MESSAGE);
    expect(onApply).not.toHaveBeenCalled();
    type('Max ($)', '');
    apply();
    expect(onApply).toHaveBeenCalledWith({ type: 'range', min: null, max: null });
  });

  test('an indicator parameter that is not a number is refused', () => {
    const onApply = editor('rsi', { type: 'rsi', length: 14, behavior: 'below', from: null, to: 30 });
    type('Length', '1O');
    apply();
    expect(screen.getByRole('alert').textContent).toBe(NOT_A_NUMBER_MESSAGE);
    expect(onApply).not.toHaveBeenCalled();
  });
});

describe('indicator parameters, each edited in its own field of the value', () => {
  test('a required parameter left blank says Required and is refused: it has no Any', () => {
    const onApply = editor('rsi', { type: 'rsi', length: 14, behavior: 'below', from: null, to: 30 });
    type('Length', '');
    expect(screen.getByLabelText('Length').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Required')).toBeTruthy();
    apply();
    expect(screen.getByRole('alert').textContent).toBe(NOT_A_NUMBER_MESSAGE);
    expect(onApply).not.toHaveBeenCalled();
    type('Length', '9');
    apply();
    expect(onApply).toHaveBeenCalledWith({ type: 'rsi', length: 9, behavior: 'below', from: null, to: 30 });
  });

  test('an open bound left blank is Any, and a choice sets only its own field', () => {
    const onApply = editor('rsi', { type: 'rsi', length: 14, behavior: 'between', from: 20, to: 30 });
    type('From', '');
    fireEvent.change(screen.getByLabelText('Behavior'), { target: { value: 'below' } });
    expect(screen.queryByLabelText('From')).toBeNull();
    apply();
    expect(onApply).toHaveBeenCalledWith({ type: 'rsi', length: 14, behavior: 'below', from: null, to: 30 });
  });

  test('the average type of a crossover is chosen from SMA and EMA', () => {
    const onApply = editor('ma_crossover', {
      type: 'ma_crossover',
      maType: 'sma',
      fast: 50,
      slow: 200,
      behavior: 'golden_cross',
      withinDays: 5,
    });
    fireEvent.change(screen.getByLabelText('Average'), { target: { value: 'ema' } });
    type('Within days', '0');
    apply();
    expect(onApply).toHaveBeenCalledWith({
      type: 'ma_crossover',
      maType: 'ema',
      fast: 50,
      slow: 200,
      behavior: 'golden_cross',
      withinDays: 0,
    });
  });
  test('MACD: fast, slow and signal lengths, its own behaviours, within days; each kept by Apply', () => {
    const onApply = editor('macd', {
      type: 'macd',
      fast: 12,
      slow: 26,
      signal: 9,
      behavior: 'bullish_cross',
      withinDays: 5,
    });
    const labels = [...document.querySelectorAll('.filter-field > span')].map((l) => l.textContent);
    expect(labels).toEqual(['Fast', 'Slow', 'Signal', 'Behavior', 'Within days']);
    const behaviors = within(screen.getByLabelText('Behavior')).getAllByRole('option');
    expect(behaviors.map((o) => o.textContent)).toEqual([
      'Bullish cross',
      'Bearish cross',
      'Histogram positive',
      'Histogram negative',
    ]);
    type('Signal', '7');
    fireEvent.change(screen.getByLabelText('Behavior'), { target: { value: 'histogram_negative' } });
    apply();
    expect(onApply).toHaveBeenCalledWith({
      type: 'macd',
      fast: 12,
      slow: 26,
      signal: 7,
      behavior: 'histogram_negative',
      withinDays: 5,
    });
  });
});

test('scenario moves are measured in units named as a trader writes them', () => {
  editor('shift_pl_margin', { type: 'scenario', shift: -0.05, unit: 'pct', min: null, max: null });
  const units = within(screen.getByLabelText('Measured as'))
    .getAllByRole('option')
    .map((o) => o.textContent);
  expect(units).toEqual([
    '% of price',
    'Dollars',
    'ATR',
    'Std. dev. to expiration',
    '% vs. analyst target',
    '% vs. SMA 200',
    '% vs. 52-week high',
    '% vs. 52-week low',
  ]);
  expect(screen.getByLabelText('Move (%)')).toBeTruthy();
  fireEvent.change(screen.getByLabelText('Measured as'), { target: { value: 'atr' } });
  expect(screen.getByLabelText('Move (ATR)')).toBeTruthy();
});

/** The definition panel of `draft`, which changes nothing. */
function renderPanel(draft: ScanDraft) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <DefinitionPanel
        draft={draft}
        onChange={() => undefined}
        onStrategy={() => undefined}
        asOfMs={0}
        planMax={5}
        legsRefusal={null}
      />
    </QueryClientProvider>,
  );
}

describe('the active filters list', () => {
  afterEach(() => vi.unstubAllGlobals());

  test("the universe filter is summarised by the universe's name, a scenario by its unit's", async () => {
    const universes: Universe[] = [
      { universe_id: 7, name: 'Mega caps', group: 'My Universes', editable: true, symbols: 'AAPL, MSFT' },
    ];
    stubApi({ '/universes': universes });
    let draft = setFilter(addFilter(newDraft(), 'universe'), 'universe', { type: 'any_of', values: [7] });
    draft = setFilter(draft, 'shift_pl_margin_1', {
      type: 'scenario',
      shift: 1,
      unit: 'atr',
      min: 0,
      max: null,
    });
    renderPanel(draft);
    const universe = document.querySelector('.active-filter[data-filter="universe"] .filter-summary');
    await vi.waitFor(() => expect(universe?.textContent).toBe('Mega caps'));
    expect(document.body.textContent).toContain('Move 1 ATR');
  });
});

describe('opening a filter', () => {
  test("its editor loads on the first opening (not with the page): until then the dialog's frame says so", async () => {
    renderPanel(addFilter(newDraft(), 'prob_profit'));
    const opener = document.querySelector('.active-filter[data-filter="prob_profit"] .filter-open');
    if (!opener) throw new Error('no prob_profit filter');
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('status').textContent).toBe('Loading...');
    expect(await screen.findByRole('button', { name: 'Apply' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
