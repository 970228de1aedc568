/** The Options tab: IV, skew, volume, open interest, bid/ask and dates, and the IV-by-strike chart. */
import { useQuery } from '@tanstack/react-query';
import { Suspense, useMemo } from 'react';
import type { ScanTradeRow } from '../../../../api/scans.ts';
import { chainQuery } from '../../../api/trades.ts';
import { Spinner } from '../../../components/IonCore.tsx';
import { factsOf, legExpirations, OPTION_FACT_KEYS, skewCurves } from './analyze-model.ts';
import { AnalyzeSkewChart } from './charts.ts';
import { FactGrid } from './FactGrid.tsx';

export function OptionsTab({ row }: { row: ScanTradeRow }) {
  const chain = useQuery(chainQuery(row.underlying));
  const skew = useMemo(
    () => (chain.data ? skewCurves(chain.data, legExpirations(row)) : null),
    [chain.data, row],
  );
  return (
    <>
      <FactGrid facts={factsOf(row, OPTION_FACT_KEYS)} label="Options data" />
      <section className="analyze-chart" aria-label="Options chart">
        {chain.isPending ? (
          <Spinner label="Loading options" />
        ) : skew ? (
          <Suspense fallback={<Spinner label="Loading chart" />}>
            <AnalyzeSkewChart skew={skew} symbol={row.underlying} />
          </Suspense>
        ) : (
          <p className="analyze-no-data">No Data</p>
        )}
      </section>
    </>
  );
}
