/**
 * The stock above the results (spec 3 §2): name, last price, % change today, and the price chart
 * with the view's levels, the ±1 implied-move cone and the date D marked.
 */
import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import type { UnderlyingFacts } from '#api/market.ts';
import { barsQuery } from '#app/features/market/queries.ts';
import { formatMoney, formatPercent } from '#domain/columns/number-format.ts';
import type { ChartLevels } from './chart-model.ts';
import { ScenarioPriceChart } from './charts.ts';

const PRICE_CHART_HEIGHT = 260;

export function UnderlyingPanel({
  symbol,
  facts,
  levels,
}: {
  symbol: string;
  facts: UnderlyingFacts | undefined;
  levels: ChartLevels;
}) {
  const bars = useQuery(barsQuery(symbol));
  const name = facts?.values.name;
  const last = facts?.values.stock_last;
  const change = facts?.values.stock_change;
  const changeClass = typeof change === 'number' && change < 0 ? 'down' : 'up';
  return (
    <section className="underlying-panel" aria-label={`${symbol} price`}>
      <header>
        <h2>
          {symbol} <span className="underlying-name">{typeof name === 'string' ? name : ''}</span>
        </h2>
        {typeof last === 'number' && (
          <p className="underlying-quote">
            <strong>{formatMoney(last, 2)}</strong>{' '}
            {typeof change === 'number' && (
              <span className={`change ${changeClass}`}>
                {change > 0 ? '+' : ''}
                {formatPercent(change, 2)}
              </span>
            )}
          </p>
        )}
      </header>
      {bars.data ? (
        <Suspense fallback={<div className="chart-placeholder" style={{ height: PRICE_CHART_HEIGHT }} />}>
          <ScenarioPriceChart bars={bars.data} symbol={symbol} levels={levels} />
        </Suspense>
      ) : (
        <div className="chart-placeholder" style={{ height: PRICE_CHART_HEIGHT }} />
      )}
    </section>
  );
}
