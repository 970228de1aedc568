/**
 * The analyzer's results of a run (spec 3 §2): the slider from 'Max. Return' to 'Max. Prob. of
 * Profit' in the Scenario view, 'Loading n/m' while the runs answer, the cards, and 'Check More
 * Scans (a – b)' in the Saved and Predefined views. Its code (the cards, the strategy catalogue,
 * the order ticket of the trade action) loads once a ticker is chosen, out of the first paint
 * (`AnalyzerResults.tsx`).
 */

import { useState } from 'react';
import { Segment } from '#app/components/IonCore.tsx';
import { IonButton } from '#app/components/IonElements.tsx';
import { Spinner } from '#app/components/IonSpinner.tsx';
import type { AnalyzerView } from '#app/route-params.ts';
import { SCENARIO_SLOTS } from '#domain/scenario/behaviors.ts';
import { type PlAt, ResultCardView } from './ResultCardView.tsx';
import { scanCards, scenarioCards } from './result-cards.ts';
import type { RunInputs } from './run-inputs.ts';
import { type AnalyzerRuns, SCANS_PER_PAGE } from './use-analyzer-runs.ts';

const PL_OPTIONS = [
  { value: 'date', label: 'P/L on date' },
  { value: 'expiration', label: 'P/L at expiration' },
] as const;

export interface RunResultsProps {
  readonly view: AnalyzerView;
  readonly inputs: RunInputs;
  readonly runs: AnalyzerRuns;
  readonly slot: number;
  readonly onSlot: (slot: number) => void;
}

export function RunResults({ view, inputs, runs, slot, onSlot }: RunResultsProps) {
  const [plAt, setPlAt] = useState<PlAt>('date');
  const { outcome } = runs;
  const loading = runs.listing || outcome.finished < outcome.total;
  const strategies = outcome.answers.flatMap((a) => (a.kind === 'strategy' ? [a.result] : []));
  const scans = outcome.answers.flatMap((a) => (a.kind === 'scan' ? [a.answer] : []));
  const cards = view === 'scenario' ? scenarioCards(strategies, slot) : scanCards(scans);
  const more = view !== 'scenario' && runs.scansShown < runs.scanCount && !loading;
  return (
    <>
      {view === 'scenario' && (
        <div className="balance-slider">
          <span>Max. Return</span>
          <input
            type="range"
            min={0}
            max={SCENARIO_SLOTS - 1}
            step={1}
            value={slot}
            aria-label="Balance between return and probability of profit"
            aria-valuetext={`${slot} of ${SCENARIO_SLOTS - 1}`}
            onChange={(e) => onSlot(Number(e.target.value))}
          />
          <span>Max. Prob. of Profit</span>
        </div>
      )}
      <div className="results-status">
        {loading && (
          <p className="loading-count" role="status">
            <Spinner /> {runs.listing ? 'Loading scans…' : `Loading ${outcome.finished}/${outcome.total}`}
          </p>
        )}
        {cards.length > 0 && (
          <Segment label="P/L chart" value={plAt} options={PL_OPTIONS} onChange={setPlAt} />
        )}
      </div>
      {outcome.error !== null && (
        <p className="field-error" role="alert">
          {outcome.error}
        </p>
      )}
      {!loading && outcome.error === null && cards.length === 0 && (
        <p className="analyzer-empty">No results.</p>
      )}
      <div className="result-cards">
        {cards.map((card) => (
          <ResultCardView
            key={card.key}
            card={card}
            view={inputs.ranges}
            plAt={plAt}
            symbol={inputs.symbol}
          />
        ))}
      </div>
      {more && (
        <IonButton fill="outline" onClick={runs.showMore}>
          Check More Scans ({runs.scansShown + 1} –{' '}
          {Math.min(runs.scanCount, runs.scansShown + SCANS_PER_PAGE)})
        </IonButton>
      )}
    </>
  );
}
