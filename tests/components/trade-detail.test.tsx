/** The panel under a trade log row (spec 3 §4): its legs and figures read as a trader expects. */
import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { TradeDetail } from '#app/screens/trades/TradeDetail.tsx';
import { POSITION } from './position-fixture.ts';
import { renderInRouter } from './scan/render-in-router.tsx';

const figure = (title: string) => screen.getByText(title, { exact: true }).nextElementSibling?.textContent;

test('legs: fills and marks with two decimals, grouped, half a cent up; a missing mark is a dash', async () => {
  await renderInRouter(() => <TradeDetail position={POSITION} />);
  const rows = within(document.querySelector('.detail-legs tbody') as HTMLElement).getAllByRole('row');
  expect(rows.map((row) => [...row.querySelectorAll('td')].slice(5).map((td) => td.textContent))).toEqual([
    ['2.68', '3.10'],
    ['1,234.50', '—'],
  ]);
});

test('figures: cents as dollars, ROI as percent, a dash where there is none', async () => {
  await renderInRouter(() => <TradeDetail position={POSITION} />);
  expect(figure('PL (marked)')).toBe('-$12.55');
  expect(figure('Debit/Credit')).toBe('-$1,234.50');
  expect(figure('Invested')).toBe('—');
  // Held too short a time to annualize: the ROI alone, not "(— annualized)".
  expect(figure('ROI')).toBe('29.88%');
  expect(figure('Closed')).toBe('—');
});

test('ROI with its annualized figure once there is one', async () => {
  await renderInRouter(() => <TradeDetail position={{ ...POSITION, roiAnnualized: 1.2 }} />);
  expect(figure('ROI')).toBe('29.88% (120.00% annualized)');
});
