/**
 * The Stock tab: the underlying's fundamentals (loaded for the tab, whatever the scan's columns
 * were) and the price chart with the trade's breakevens.
 */
import { useQuery } from '@tanstack/react-query';
import { Suspense, useMemo } from 'react';
import type { ScanTradeRow } from '#api/scans.ts';
import { Spinner } from '#app/components/IonSpinner.tsx';
import { barsQuery, factsQuery } from '#app/features/market/queries.ts';
import { FUNDAMENTAL_KEYS, factsOf, hasBars, rowProfile, shownValues } from './analyze-model.ts';
import { AnalyzePriceChart } from './charts.ts';
import { FactGrid } from './FactGrid.tsx';

export function StockTab({ row, nowMs }: { row: ScanTradeRow; nowMs: number }) {
  const facts = useQuery(factsQuery(row.underlying));
  const bars = useQuery(barsQuery(row.underlying));
  const breakevens = useMemo(() => rowProfile(row, nowMs)?.breakevens ?? [], [row, nowMs]);
  return (
    <>
      <FactGrid facts={factsOf(shownValues(row, facts.data), FUNDAMENTAL_KEYS)} label="Fundamentals" />
      <section className="analyze-chart" aria-label="Price chart">
        {bars.isPending ? (
          <Spinner label="Loading prices" />
        ) : hasBars(bars.data) ? (
          <Suspense fallback={<Spinner label="Loading chart" />}>
            <AnalyzePriceChart bars={bars.data} breakevens={breakevens} symbol={row.underlying} />
          </Suspense>
        ) : (
          <p className="analyze-no-data">No Data</p>
        )}
      </section>
    </>
  );
}
