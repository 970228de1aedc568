/**
 * The analyzer's results (spec 3 §2): the view switch, the start and empty texts, 'Loading n/m'
 * while the runs answer, the slider from 'Max. Return' to 'Max. Prob. of Profit' in the Scenario
 * view, the cards, and 'Check More Scans (a – b)' in the Saved and Predefined views.
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

export const HELP_ANALYZER = 'https://optionscout.app/help/analyzer';

const VIEW_OPTIONS = [
  { value: 'scenario', label: 'Scenario' },
  { value: 'saved', label: 'Saved Scans' },
  { value: 'predefined', label: 'Predefined Scans' },
] as const;

const PL_OPTIONS = [
  { value: 'date', label: 'P/L on date' },
  { value: 'expiration', label: 'P/L at expiration' },
] as const;

export function AnalyzerResults({
  view,
  onView,
  inputs,
  runs,
  runKey,
  slot,
  onSlot,
}: {
  view: AnalyzerView;
  onView: (view: AnalyzerView) => void;
  inputs: RunInputs | null;
  runs: AnalyzerRuns;
  /** The run shown (its inputs and Run count), for tests waiting on a new one. */
  runKey: string | null;
  slot: number;
  onSlot: (slot: number) => void;
}) {
  const [plAt, setPlAt] = useState<PlAt>('date');
  const { outcome } = runs;
  const loading = runs.listing || outcome.finished < outcome.total;
  const strategies = outcome.answers.flatMap((a) => (a.kind === 'strategy' ? [a.result] : []));
  const scans = outcome.answers.flatMap((a) => (a.kind === 'scan' ? [a.answer] : []));
  const cards = view === 'scenario' ? scenarioCards(strategies, slot) : scanCards(scans);
  const more = view !== 'scenario' && runs.scansShown < runs.scanCount && !loading;
  return (
    <section
      className="analyzer-results"
      aria-label="Results"
      aria-busy={loading}
      data-view={view}
      data-run={runKey ?? ''}
    >
      <Segment label="View" value={view} options={VIEW_OPTIONS} onChange={onView} />
      {inputs === null ? (
        <p className="analyzer-start">
          Enter ticker and expected behavior and press run to start.{' '}
          <a href={HELP_ANALYZER} target="_blank" rel="noreferrer">
            How the analyzer works
          </a>
        </p>
      ) : (
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
      )}
    </section>
  );
}
