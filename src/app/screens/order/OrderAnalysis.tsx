/**
 * The trade analysis under a new or open order (spec 3 §2): the metrics strip of the made trade
 * with its "Show the math" (how each figure is computed, at the legs' limit prices),
 * a spinner while it is calculated, the ticker's price chart with the order's date marked, and
 * the profit/loss profile (the last one drawn stays up, dimmed, while the legs do not fit).
 * The charts load in their own chunk.
 */
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import type { CalculatedTrade, OrderStrategy, TradeExplainRequest } from '#api/trades.ts';
import { Spinner } from '#app/components/IonSpinner.tsx';
import { barsQuery } from '#app/features/market/queries.ts';
import { ShowMathButton } from '#app/screens/show-math/ShowMathButton.tsx';
import { MetricsStrip } from './MetricsStrip.tsx';

const PriceChart = lazy(() => import('./charts/OrderCharts.tsx').then((m) => ({ default: m.PriceChart })));
const ProfileChart = lazy(() =>
  import('./charts/OrderCharts.tsx').then((m) => ({ default: m.ProfileChart })),
);

export function OrderAnalysis({
  strategy,
  symbol,
  made,
  profile,
  dimmed,
  calculating,
  markersMs,
  explain,
}: {
  strategy: OrderStrategy;
  symbol: string;
  /** The made trade of the current inputs. */
  made: CalculatedTrade | null;
  /** The last profile drawn. */
  profile: CalculatedTrade | null;
  dimmed: boolean;
  calculating: boolean;
  /** Instants marked on the price chart (ms). */
  markersMs: readonly number[];
  /** "Show the math" of the made trade; null while the legs make none. */
  explain: TradeExplainRequest | null;
}) {
  return (
    <section className="order-analysis" aria-label="Trade analysis">
      {made && <MetricsStrip strategy={strategy} trade={made} />}
      {made && explain && (
        <div className="order-math">
          <ShowMathButton request={explain} />
        </div>
      )}
      {calculating && <Spinner label="Calculating" />}
      <Suspense fallback={<Spinner label="Loading charts" />}>
        <Bars symbol={symbol} markersMs={markersMs} />
        {profile && <ProfileChart profile={profile.pl_profile} size={profile.size} dimmed={dimmed} />}
      </Suspense>
    </section>
  );
}

function Bars({ symbol, markersMs }: { symbol: string; markersMs: readonly number[] }) {
  const bars = useQuery(barsQuery(symbol));
  if (!bars.data) return null;
  return <PriceChart bars={bars.data} markersMs={markersMs} symbol={symbol} />;
}
