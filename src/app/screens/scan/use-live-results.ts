/**
 * Scan results kept live (spec 2 §4.7, docs/LIVE.md): the page shown goes into the query cache
 * under its own key (the result's cache id, page and narrowing), its trades (the tickers' best
 * and their similar ones) are registered with the hub as registration '0' at the run's bid/ask
 * level and scenario shifts, and the hub's pushes merge into that cache entry, which is what the
 * table reads. The fields pushed are the columns shown; technical values are never pushed.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { SCAN_RESULTS_REGISTRATION } from '#api/hub.ts';
import type { ScanDefinition, ScanRunAnswer, ScanTradeRow } from '#api/scans.ts';
import { screenerKeys } from '#app/features/screener/keys.ts';
import { useLiveTrades } from '#app/live/use-live.ts';
import { scenarioShifts } from './scan-draft.ts';

export const scanResultKey = (answer: ScanRunAnswer | null) =>
  answer
    ? ([...screenerKeys.all, 'result', answer.cacheId, answer.page, answer.narrowed] as const)
    : ([...screenerKeys.all, 'result', null] as const);

/**
 * Every trade of a page: each ticker's best, then its similar trades (at most 9 each, so a page
 * of 20 stays under the hub's 250), registered whether expanded or not: expanding shows live
 * values at once.
 */
export function tradesOfPage(answer: ScanRunAnswer | null): ScanTradeRow[] {
  if (!answer) return [];
  return answer.items.flatMap((item) => ('similar' in item ? [item, ...item.similar] : [item]));
}

/**
 * `answer` as the live pushes have changed it since (null stays null); registered with the hub
 * while `live` (the current result, not one shown while a new run is pending).
 */
export function useLiveResults(
  answer: ScanRunAnswer | null,
  body: ScanDefinition | null,
  live: boolean,
): ScanRunAnswer | null {
  const queryKey = scanResultKey(answer);
  const cached = useQuery<ScanRunAnswer | null>({
    queryKey,
    queryFn: () => answer,
    // Filled from the run's answer, then written by the live client only.
    initialData: answer,
    enabled: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const shown = answer ? (cached.data ?? answer) : null;
  const trades = useMemo(() => tradesOfPage(shown), [shown]);
  const scenarios = useMemo(() => scenarioShifts(body?.filters ?? {}), [body]);
  useLiveTrades(SCAN_RESULTS_REGISTRATION, trades, {
    queryKey,
    // The run's level and shifts, not the draft's: the rows are that run's.
    bidAskLevel: body?.calculationSettings?.bid_ask_level ?? 0,
    scenarios,
    fields: shown?.columns ?? null,
    enabled: live,
  });
  return shown;
}
