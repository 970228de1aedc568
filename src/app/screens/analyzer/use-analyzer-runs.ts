/**
 * The runs of the current view (spec 3 §4): in the Scenario view one `runstandard` per strategy
 * of the view's set, in the Saved and Predefined views one `runscan` per scan, ten scans a page
 * ('Check More Scans' adds the next ten). Each answer is shown as it arrives.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { ScenarioRunScanAnswer, ScenarioStrategyResult } from '#api/scenario.ts';
import { ListRole, type ListsAnswer } from '#api/screener-model.ts';
import { runScenarioScan, runStandard } from '#app/features/analyzer/queries.ts';
import { scanListsQuery } from '#app/features/screener/queries.ts';
import type { AnalyzerView } from '#app/route-params.ts';
import { type RunInputs, scanRequest, standardRequest, strategiesOf } from './run-inputs.ts';
import type { RunOutcome } from './run-outcome.ts';
import { type RunJob, useParallelRuns } from './use-parallel-runs.ts';

/** Scans run per page of the Saved and Predefined views (spec 3 §9). */
export const SCANS_PER_PAGE = 10;

export type RunAnswer =
  | { readonly kind: 'strategy'; readonly result: ScenarioStrategyResult }
  | { readonly kind: 'scan'; readonly answer: ScenarioRunScanAnswer };

/** The scans of a view, once each: the user's own (Saved and their lists), or the gallery's. */
export function scansOfView(lists: ListsAnswer | undefined, view: 'saved' | 'predefined'): number[] {
  const wanted = (role: ListRole | null) =>
    view === 'predefined' ? role === ListRole.Predefined : role === ListRole.Saved || role === null;
  const ids = (lists?.lists ?? []).filter((l) => wanted(l.role)).flatMap((l) => l.items.map((i) => i.id));
  return [...new Set(ids)];
}

export interface AnalyzerRuns {
  readonly outcome: RunOutcome<RunAnswer>;
  /** The view's scans are still being listed. */
  readonly listing: boolean;
  /** Scans of the view, and how many of them are run so far. */
  readonly scanCount: number;
  readonly scansShown: number;
  readonly showMore: () => void;
}

export function useAnalyzerRuns(
  inputs: RunInputs | null,
  runKey: string | null,
  view: AnalyzerView,
): AnalyzerRuns {
  const scanView = view === 'scenario' ? null : view;
  const lists = useQuery({ ...scanListsQuery(), enabled: scanView !== null && inputs !== null });
  // The runs of this view and these inputs: another view, a view shown again, or other inputs
  // start on page one.
  const viewKey = runKey === null ? null : `${view}|${runKey}`;
  const [pages, setPages] = useState({ key: viewKey, count: 1 });
  if (pages.key !== viewKey) setPages({ key: viewKey, count: 1 });
  const pageCount = pages.key === viewKey ? pages.count : 1;
  const scans = useMemo(() => (scanView ? scansOfView(lists.data, scanView) : []), [lists.data, scanView]);
  const scansShown = Math.min(scans.length, pageCount * SCANS_PER_PAGE);

  const jobs = useMemo((): RunJob<RunAnswer>[] => {
    if (inputs === null) return [];
    if (scanView === null)
      return strategiesOf(inputs).map((strategy) => ({
        id: strategy,
        run: async (signal) => {
          const answer = await runStandard(standardRequest(inputs, strategy), signal);
          const result = answer.results.find((r) => r.strategy === strategy) ?? {
            strategy,
            slots: [],
            candidates: 0,
            frontier: 0,
          };
          return { kind: 'strategy', result };
        },
      }));
    return scans.slice(0, scansShown).map((scanId) => ({
      id: String(scanId),
      run: async (signal) => ({
        kind: 'scan',
        answer: await runScenarioScan(scanRequest(inputs, scanId), signal),
      }),
    }));
  }, [inputs, scanView, scans, scansShown]);

  const outcome = useParallelRuns(viewKey, jobs);
  return {
    outcome,
    listing: scanView !== null && inputs !== null && lists.isPending,
    scanCount: scans.length,
    scansShown,
    showMore: () => setPages({ key: viewKey, count: pageCount + 1 }),
  };
}
