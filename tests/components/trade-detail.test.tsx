/** The panel under a trade log row (spec 3 §4): its legs and figures read as a trader expects. */
import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import type { Position } from '#api/trades.ts';
import { TradeDetail } from '#app/screens/trades/TradeDetail.tsx';
import { renderInRouter } from './scan/render-in-router.tsx';

const POSITION: Position = {
  positionId: 7,
  accountId: 1,
  openingOrderId: 7,
  lastOrderId: 7,
  strategy: 'bull_call_spread',
  symbol: 'AAPL',
  size: 2,
  legs: [
    {
      contract: { kind: 'option', underlying: 'AAPL', expiration: '2026-04-17', strike: 150, right: 'CALL' },
      quantity: 1,
      fillPrice: 2.675,
      markPrice: 3.1,
    },
    {
      contract: { kind: 'option', underlying: 'AAPL', expiration: '2026-04-17', strike: 155, right: 'CALL' },
      quantity: -1,
      fillPrice: 1234.5,
      markPrice: null,
    },
  ],
  strategyPriceCents: -21_000,
  accountEffectCents: -123_450,
  plCents: -1_255,
  initialMarginCents: null,
  roi: 0.2988,
  roiAnnualized: null,
  maxProfitGained: null,
  openDate: '2026-03-04T15:30:00.000Z',
  closeDate: null,
  closedBy: null,
  comments: { open: '', close: null },
  archived: false,
  madeTrade: {},
  data: {},
};

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
  expect(figure('ROI')).toBe('29.88% (— annualized)');
  expect(figure('Closed')).toBe('—');
});
