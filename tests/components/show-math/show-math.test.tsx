/**
 * "Show the math": opened from a scan result's Analyze panel (at the scan's bid/ask level; the
 * order editor's button is in order/order-analysis.test.tsx), read as a document with a heading per
 * metric group and one line per step, closed by Close or Escape with the focus back on its button.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createQueryClient } from '#app/api/query-client.ts';
import { AnalyzePanel } from '#app/screens/scan/analyze/AnalyzePanel.tsx';
import { ShowMathButton } from '#app/screens/show-math/ShowMathButton.tsx';
import { SPREAD_ROW } from '#tests/unit/app/scan/scan-row-fixture.ts';
import { stubApi } from '../api-stub.ts';
import { renderInRouter } from '../scan/render-in-router.tsx';
import { explainAnswers, REQUEST } from './explanation-fixture.ts';

vi.mock('#app/screens/order/charts/UPlotChart.tsx', () => ({
  UPlotChart: ({ label }: { label: string }): ReactNode => <div role="img" aria-label={label} />,
}));

afterEach(() => vi.unstubAllGlobals());

function stubExplain() {
  const { answers, requests } = explainAnswers();
  stubApi(answers);
  return requests;
}

const line = (list: HTMLElement, label: string) =>
  within(list)
    .getAllByRole('listitem')
    .find((li) => li.querySelector('strong')?.textContent === label);

/** Renders the button and clicks it; returns the button. */
function openMath(): HTMLElement {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ShowMathButton request={REQUEST} />
    </QueryClientProvider>,
  );
  const button = screen.getByRole('button', { name: 'Show the math' });
  fireEvent.click(button);
  return button;
}

describe('the panel', () => {
  test('reads as a document: inputs, a heading per group, each step with its arithmetic', async () => {
    const requests = stubExplain();
    openMath();
    const dialog = await screen.findByRole('dialog', { name: 'Show the math: XYZ Bull Put Spread' });
    expect(requests).toEqual([REQUEST]);
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close' }));
    const headings = within(dialog)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(headings).toEqual([
      'Inputs',
      'Price',
      'P/L at the horizon',
      'Price at the horizon: Lognormal (one volatility)',
      'Probabilities',
      'Expected value',
      'Margin and returns',
    ]);
    const legs = within(dialog).getByRole('list', { name: 'Legs' });
    expect(within(legs).getAllByRole('listitem')[0]!.textContent).toContain(
      'fill = 2.1000 − 0.50 × (2.2000 − 2.0000) = 2.0000',
    );
    const price = line(within(dialog).getByRole('list', { name: 'Price' }), 'Net cost')!;
    expect(price.textContent).toContain('-0.9500 (-$95.00)');
    const intervals = within(dialog).getByRole('list', { name: 'Price intervals' });
    expect(
      within(intervals)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('strong')?.textContent),
    ).toEqual(['S_T ≤ 94.05', 'S_T > 94.05']);
    const prob = line(within(dialog).getByRole('list', { name: 'Probabilities' }), 'Probability of profit')!;
    expect(prob.textContent).toMatch(/76\.07% \(0\.7607\)/);
  });

  test('Escape closes it, and only it; the focus returns to its button', async () => {
    stubExplain();
    const outer = vi.fn();
    window.addEventListener('keydown', outer);
    const button = openMath();
    await screen.findByRole('dialog');
    fireEvent.keyDown(window, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(outer).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(button);
    window.removeEventListener('keydown', outer);
  });

  test('a refused request says why', async () => {
    stubApi({
      '/trades/trade/explain': Response.json(
        { code: 'LEGS_MISMATCH', message: 'The legs do not make a Bull Put Spread.' },
        { status: 422 },
      ),
    });
    openMath();
    expect((await screen.findByRole('alert')).textContent).toBe('The legs do not make a Bull Put Spread.');
  });
});

describe('where it opens', () => {
  test("a scan result's Analyze panel asks for its legs at the market, at the scan's level", async () => {
    const requests = stubExplain();
    await renderInRouter(() => (
      <AnalyzePanel
        row={SPREAD_ROW}
        strategy="bull_call_spread"
        bidAskLevel={0.25}
        onClose={() => undefined}
      />
    ));
    fireEvent.click(screen.getByRole('button', { name: 'Show the math' }));
    await screen.findByRole('dialog', { name: /^Show the math/ });
    expect(requests).toEqual([
      {
        strategy: 'bull_call_spread',
        legs: [
          {
            contract: {
              kind: 'option',
              underlying: 'AAPL',
              right: 'CALL',
              expiration: '2026-02-20',
              strike: 150,
            },
            quantity: 1,
            limitPrice: 7.2,
          },
          {
            contract: {
              kind: 'option',
              underlying: 'AAPL',
              right: 'CALL',
              expiration: '2026-02-20',
              strike: 160,
            },
            quantity: -1,
            limitPrice: 3,
          },
        ],
        fill: 'market',
        bidAskLevel: 0.25,
      },
    ]);
  });
});
