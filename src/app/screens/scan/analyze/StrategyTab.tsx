/**
 * The Strategy tab: the legs table (a card per leg on a phone: the leg in one line over its
 * figures), the Bid/Mid/Ask summary and the P/L profile.
 */
import { Suspense, useMemo } from 'react';
import type { ScanTradeRow } from '#api/scans.ts';
import { Spinner } from '#app/components/IonSpinner.tsx';
import { MISSING_VALUE } from '#domain/columns/number-format.ts';
import { factsOf, legLines, legSummary, PRICE_KEYS, rowProfile, sideClass } from './analyze-model.ts';
import { AnalyzeProfileChart } from './charts.ts';
import { FigureCell } from './FigureCell.tsx';

export function StrategyTab({ row, nowMs }: { row: ScanTradeRow; nowMs: number }) {
  const lines = legLines(row);
  const prices = new Map(factsOf(row.values, PRICE_KEYS).map((f) => [f.key, f.text]));
  const profile = useMemo(() => rowProfile(row, nowMs), [row, nowMs]);
  return (
    <>
      <div className="analyze-table-scroll">
        <table className="analyze-legs card-table">
          <thead>
            <tr>
              <th scope="col">Type</th>
              <th scope="col">Side</th>
              <th scope="col">Quantity</th>
              <th scope="col">Exp. Date</th>
              <th scope="col">Strike</th>
              <th scope="col">Bid-Ask or Last</th>
              <th scope="col">Delta</th>
              <th scope="col">IV</th>
              <th scope="col">Open Int.</th>
              <th scope="col" className="leg-summary">
                Leg
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((l) => (
              <tr key={l.contract} className="card-row">
                <td className="leg-identity">{l.type}</td>
                <td className={`leg-identity ${sideClass(l.side)}`}>{l.side}</td>
                <td className="leg-identity">{l.quantity}</td>
                <td className="leg-identity">{l.expiration}</td>
                <td className="leg-identity">{l.strike}</td>
                <FigureCell label="Bid-Ask or Last">{l.price}</FigureCell>
                <FigureCell label="Delta">{l.delta}</FigureCell>
                <FigureCell label="IV">{l.iv}</FigureCell>
                <FigureCell label="Open Int.">{l.openInterest}</FigureCell>
                <th scope="row" className={`leg-summary ${sideClass(l.side)}`}>
                  {legSummary(l)}
                </th>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="analyze-prices" aria-label="Bid, mid and ask">
        {PRICE_KEYS.map((key) => (
          <div key={key}>
            <dt>{key === 'bid' ? 'Bid' : key === 'mid' ? 'Mid' : 'Ask'}</dt>
            <dd>{prices.get(key) ?? MISSING_VALUE}</dd>
          </div>
        ))}
      </dl>
      {profile === null ? (
        <section className="analyze-chart" aria-label="PL Profile">
          <h3>PL Profile</h3>
          <p className="analyze-no-data">No Data</p>
        </section>
      ) : (
        <Suspense fallback={<Spinner label="Loading chart" />}>
          <AnalyzeProfileChart profile={profile} />
        </Suspense>
      )}
    </>
  );
}
