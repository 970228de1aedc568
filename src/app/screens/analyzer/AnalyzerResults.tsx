/**
 * The analyzer's results (spec 3 §2): the view switch, the start text, and the results of a run
 * (`RunResults.tsx`), whose code loads once a ticker is chosen (`preloadRunResults`) or a run is
 * asked for, never with the first paint of a blank analyzer; the section is busy until it is in.
 */

import { Segment } from '#app/components/IonCore.tsx';
import { loadable, useLoadable } from '#app/components/OnDemand.tsx';
import type { AnalyzerView } from '#app/route-params.ts';
import type { RunInputs } from './run-inputs.ts';
import type { AnalyzerRuns } from './use-analyzer-runs.ts';

export const HELP_ANALYZER = 'https://optionscout.app/help/analyzer';

const VIEW_OPTIONS = [
  { value: 'scenario', label: 'Scenario' },
  { value: 'saved', label: 'Saved Scans' },
  { value: 'predefined', label: 'Predefined Scans' },
] as const;

const runResults = loadable(() => import('./RunResults.tsx').then((m) => m.RunResults));

/** Loads the results' code ahead of the first run (a ticker is chosen). */
export const preloadRunResults = (): void => void runResults.load();

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
  const Body = useLoadable(runResults, inputs !== null);
  // Busy until the runs are in and their results' code is there to show them.
  const busy =
    runs.listing || runs.outcome.finished < runs.outcome.total || (inputs !== null && Body === null);
  return (
    <section
      className="analyzer-results"
      aria-label="Results"
      aria-busy={busy}
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
        Body && <Body view={view} inputs={inputs} runs={runs} slot={slot} onSlot={onSlot} />
      )}
    </section>
  );
}
