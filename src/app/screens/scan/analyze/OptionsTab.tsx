/**
 * The Options tab, loaded for the tab whatever the scan's columns were: the underlying's IV,
 * skew, volume, open interest and event dates; the trade's option legs with their bid/ask, IV,
 * open interest and dates; the IV vs HV chart with its form; and the IV-by-strike chart.
 */
import { useQuery } from '@tanstack/react-query';
import { Suspense, useMemo } from 'react';
import type { ScanTradeRow } from '#api/scans.ts';
import { Spinner } from '#app/components/IonSpinner.tsx';
import { chainQuery, factsQuery } from '#app/features/market/queries.ts';
import {
  factsOf,
  legExpirations,
  OPTION_FACT_KEYS,
  optionLegLines,
  shownValues,
  sideClass,
  skewCurves,
} from './analyze-model.ts';
import { AnalyzeSkewChart } from './charts.ts';
import { FactGrid } from './FactGrid.tsx';
import { FigureCell } from './FigureCell.tsx';
import { IvHvSection } from './IvHvSection.tsx';

export function OptionsTab({ row, nowMs }: { row: ScanTradeRow; nowMs: number }) {
  const facts = useQuery(factsQuery(row.underlying));
  const chain = useQuery(chainQuery(row.underlying));
  const skew = useMemo(
    () => (chain.data ? skewCurves(chain.data, legExpirations(row)) : null),
    [chain.data, row],
  );
  const legs = optionLegLines(row, nowMs);
  return (
    <>
      <FactGrid facts={factsOf(shownValues(row, facts.data), OPTION_FACT_KEYS)} label="Options data" />
      {legs.length > 0 && (
        <div className="analyze-table-scroll">
          <table className="analyze-legs analyze-option-legs card-table" aria-label="Option legs">
            <thead>
              <tr>
                <th scope="col">Option</th>
                <th scope="col">Exp. Date</th>
                <th scope="col">Expires</th>
                <th scope="col">Bid-Ask</th>
                <th scope="col">IV</th>
                <th scope="col">Open Int.</th>
              </tr>
            </thead>
            <tbody>
              {legs.map((l) => (
                <tr key={l.contract} className="card-row">
                  <th scope="row" className={sideClass(l.side)}>
                    {l.side} {l.strike} {l.type}
                  </th>
                  <FigureCell label="Exp. Date">{l.expiration}</FigureCell>
                  <FigureCell label="Expires">{l.days}</FigureCell>
                  <FigureCell label="Bid-Ask">{l.price}</FigureCell>
                  <FigureCell label="IV">{l.iv}</FigureCell>
                  <FigureCell label="Open Int.">{l.openInterest}</FigureCell>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <IvHvSection symbol={row.underlying} />
      <section className="analyze-chart" aria-label="Options chart">
        <h3>IV by strike</h3>
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
