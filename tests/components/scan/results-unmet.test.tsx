/**
 * A result row that live updates carried past the scan's own filter (spec 2 §4.7) stays where it
 * is and is marked, visibly and for assistive technology, with the filter it no longer meets.
 */
import { render, screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { ScanTradeRow } from '#api/scans.ts';
import { liveCheckedFilters } from '#app/screens/scan/live-checked-filters.ts';
import { ResultsTable } from '#app/screens/scan/ResultsTable.tsx';
import { unmetFilters } from '#app/screens/scan/unmet-filters.ts';
import { SPREAD_ROW } from '#tests/unit/app/scan/scan-row-fixture.ts';

const FILTERS = {
  max_loss: { type: 'range', min: null, max: 5 },
  prob_profit: { type: 'probability', min: 0.5, max: null },
  // Not pushed live: the scan itself checked it.
  market_cap: { type: 'range', min: 1e9, max: null },
};
const checks = liveCheckedFilters(FILTERS, 'bull_call_spread');

const row = (id: string, underlying: string, values: Record<string, number>): ScanTradeRow => ({
  ...SPREAD_ROW,
  id,
  underlying,
  values: { ...SPREAD_ROW.values, underlying, market_cap: 1e6, ...values },
});

describe('rows past the scan filters', () => {
  test('only range filters on live datapoints are checked, named as the panel names them', () => {
    expect(checks.map((c) => c.text)).toEqual(['Max. Loss ≤ $500', 'Prob. of Profit ≥ 50%']);
  });

  test('a value past a bound fails, one at the bound or off in a far decimal does not', () => {
    const unmet = (values: Record<string, number>) =>
      unmetFilters(row('r', 'AAPL', values), checks).map((c) => c.key);
    expect(unmet({ max_loss: 5.025, prob_profit: 0.6 })).toEqual(['max_loss']);
    expect(unmet({ max_loss: 5, prob_profit: 0.5 })).toEqual([]);
    expect(unmet({ max_loss: 5.000000001, prob_profit: 0.4999999 })).toEqual([]);
    expect(unmet({ max_loss: 4, prob_profit: 0.45 })).toEqual(['prob_profit']);
  });

  test('the row keeps its place, carries a mark naming the filter, and its value is outlined', () => {
    render(
      <ResultsTable
        items={[
          row('a', 'AAPL', { max_loss: 4.5 }),
          row('b', 'MSFT', { max_loss: 5.025 }),
          row('c', 'NVDA', { max_loss: 3 }),
        ]}
        columns={['underlying', 'max_loss']}
        sorting={[]}
        narrowed={false}
        today="2026-01-05"
        liveChecks={checks}
        onSort={() => undefined}
        onNarrow={() => undefined}
        onAnalyze={() => undefined}
      />,
    );
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('data-symbol'))).toEqual(['AAPL', 'MSFT', 'NVDA']);
    const mark = within(rows[1]!).getByRole('img', { name: /^No longer matches the scan/ });
    expect(mark.getAttribute('aria-label')).toBe('No longer matches the scan: Max. Loss ≤ $500');
    expect(mark.textContent).not.toBe('');
    expect(rows[1]!.querySelector('td[data-column="max_loss"]')?.classList.contains('unmet-value')).toBe(
      true,
    );
    expect(rows[0]!.querySelector('td[data-column="max_loss"]')?.classList.contains('unmet-value')).toBe(
      false,
    );
    expect(within(rows[0]!).queryByRole('img', { name: /No longer matches/ })).toBeNull();
    expect(within(rows[2]!).queryByRole('img', { name: /No longer matches/ })).toBeNull();
  });
});
