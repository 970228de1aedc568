/**
 * Running a scan from the page (spec 2 §4.1): one run at a time (a new one aborts the last,
 * silently), the answers kept per narrowed ticker so going back from a ticker shows the market
 * again without a refetch, and the answer's `cacheId` sent again when only the page changes (the
 * server pages its cached result). An expired cache id is retried as a fresh run.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ScanDefinition, ScanRunAnswer } from '#api/scans.ts';
import { ApiRequestError } from '#app/api/client.ts';
import { runScan } from '#app/features/screener/queries.ts';
import { canonicalJson } from '#domain/canonical-json.ts';

/** An answer and the definition it is for (its bid/ask level keeps the rows live). */
export interface RunResult {
  readonly answer: ScanRunAnswer;
  readonly body: ScanDefinition;
}

/**
 * A pending or failed run keeps the last result (`previous`): the page shows it under the
 * loading message or the error (a scan past its time budget) instead of emptying the table.
 */
export type RunState =
  | { readonly status: 'idle' }
  | { readonly status: 'pending'; readonly startedAt: number; readonly previous: RunResult | null }
  | ({ readonly status: 'done' } & RunResult)
  | { readonly status: 'error'; readonly error: unknown; readonly previous: RunResult | null };

/** The result the page shows in a state: the run's, or the last one while it runs or failed. */
export const shownResult = (state: RunState): RunResult | null =>
  state.status === 'done' ? state : state.status === 'idle' ? null : state.previous;

/**
 * What identifies a result apart from its page: the definition and the narrowed ticker. Key
 * order is free: a saved scan comes back from the server with its objects' keys reordered, and
 * is still the result on show.
 */
export function runSignature(body: ScanDefinition): string {
  const { page: _page, cacheId: _cacheId, ...definition } = body;
  return canonicalJson(definition);
}

interface Kept extends RunResult {
  readonly signature: string;
}

export function useScanRun() {
  const [state, setState] = useState<RunState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const kept = useRef(new Map<string, Kept>());

  useEffect(() => () => controller.current?.abort(), []);

  const run = useCallback(async (body: ScanDefinition) => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    const symbol = body.narrowedToSymbol ?? '';
    const signature = runSignature(body);
    const last = kept.current.get(symbol);
    // The same result on another page: let the server page its cached copy.
    const cacheId = last?.signature === signature ? last.answer.cacheId : null;
    setState((s) => ({ status: 'pending', startedAt: Date.now(), previous: shownResult(s) }));
    const ask = (id: string | null) => runScan({ ...body, cacheId: id }, abort.signal);
    try {
      let answer = await ask(cacheId).catch((e: unknown) => {
        if (cacheId !== null && e instanceof ApiRequestError && e.code === 'NOT_FOUND') return ask(null);
        throw e;
      });
      // A new run answers its first page (docs/API.md); another page (a reloaded or shared link
      // names one) comes from the result it just cached.
      if (answer.page !== body.page && (body.page ?? 0) > 0 && !abort.signal.aborted)
        answer = await ask(answer.cacheId);
      if (abort.signal.aborted) return;
      kept.current.set(symbol, { signature, answer, body });
      setState({ status: 'done', answer, body });
    } catch (error) {
      // An abort is silent (spec 2 §4.1): the run that replaced it reports.
      if (abort.signal.aborted) return;
      setState((s) => ({ status: 'error', error, previous: shownResult(s) }));
    }
  }, []);

  /** Shows the kept answer for this ticker and definition, if any; true when it did. */
  const restore = useCallback((body: ScanDefinition): boolean => {
    const last = kept.current.get(body.narrowedToSymbol ?? '');
    if (!last || last.signature !== runSignature(body)) return false;
    controller.current?.abort();
    setState({ status: 'done', answer: last.answer, body: last.body });
    return true;
  }, []);

  /** The cache id of the kept result of this definition, if any (exports reuse it). */
  const cacheIdFor = useCallback((body: ScanDefinition): string | null => {
    const last = kept.current.get(body.narrowedToSymbol ?? '');
    return last?.signature === runSignature(body) ? last.answer.cacheId : null;
  }, []);

  return { state, run, restore, cacheIdFor };
}
