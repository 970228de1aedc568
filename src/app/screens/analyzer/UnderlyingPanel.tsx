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
import { shortDate } from './short-date.ts';

const PRICE_CHART_HEIGHT = 260;

/** What the chart's lines are: the level(s), the implied-move cone, the date. */
function ChartKey({ levels }: { levels: ChartLevels }) {
  if (levels.prices.length === 0) return null;
  return (
    <p className="chart-key">
      <span className="key-level">{levels.prices.map((p) => formatMoney(p, 2)).join(' – ')}</span>
      {levels.move !== null && <span className="key-move">±1 implied move</span>}
      {levels.dateTime !== null && (
        <span className="key-date">
          {shortDate(new Date(levels.dateTime * 1000).toISOString().slice(0, 10))}
        </span>
      )}
    </p>
  );
}

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
      <ChartKey levels={levels} />
    </section>
  );
}
