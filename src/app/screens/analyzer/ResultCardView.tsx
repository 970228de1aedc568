/**
 * One result card (spec 3 §2): the strategy or scan title (a scan's links to it), the legs on one
 * line, the metrics, the P/L chart with the view's region shaded, and Trade, which opens the
 * order editor with the trade's legs.
 */
import { Suspense } from 'react';
import { AppLink } from '#app/components/AppLink.tsx';
import type { PriceView } from '#domain/scenario/behaviors.ts';
import { PlChart } from './charts.ts';
import { cardMetrics, legSummary, type ResultCard, tradePath } from './result-cards.ts';
import { shortDate } from './short-date.ts';

export type PlAt = 'date' | 'expiration';

export function ResultCardView({
  card,
  view,
  plAt,
  symbol,
}: {
  card: ResultCard;
  view: PriceView;
  plAt: PlAt;
  symbol: string;
}) {
  const { trade } = card;
  const title =
    card.scanId === null ? (
      card.title
    ) : (
      <AppLink href={`/screener/scan/${card.scanId}`}>{card.title}</AppLink>
    );
  return (
    <article className="result-card" aria-label={card.title}>
      <header>
        <h3>{title}</h3>
        {trade && (
          <AppLink className="trade-link" href={tradePath(trade)}>
            Trade
          </AppLink>
        )}
      </header>
      {trade ? (
        <>
          <p className="leg-summary">{legSummary(trade.legs)}</p>
          <dl className="card-metrics">
            {cardMetrics(trade).map((m) => (
              <div key={m.label}>
                <dt>{m.label}</dt>
                <dd>{m.text}</dd>
              </div>
            ))}
          </dl>
          <Suspense fallback={<div className="chart-placeholder" />}>
            <PlChart
              curve={plAt === 'date' ? trade.profileAtDate : trade.profileAtExpiration}
              view={view}
              label={
                plAt === 'date'
                  ? `${card.title}: P/L on the date`
                  : `${card.title}: P/L at expiration ${shortDate(trade.lastExpiration)}`
              }
            />
          </Suspense>
        </>
      ) : (
        <p className="hint">The scan finds no trade for {symbol} under this view.</p>
      )}
    </article>
  );
}
