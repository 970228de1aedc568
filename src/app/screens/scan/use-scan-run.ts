/**
 * Running a scan from the page (spec 2 §4.1): one run at a time (a new one aborts the last,
 * silently), the answers kept per narrowed ticker so going back from a ticker shows the market
 * again without a refetch, and the answer's `cacheId` sent again when only the page changes (the
 * server pages its cached result). An expired cache id is retried as a fresh run.
 *
 * Each answer is also kept in the query cache under its definition (`lastResultKey`), which is
 * persisted. Offline, when the network fails, or when the user chose to, the scan runs on the
 * device over the kept market snapshot (`device-run.ts`); without a snapshot, the page shows the
 * last results of that definition with their time, or says plainly that they need a connection
 * (docs/OFFLINE.md).
 */
import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ScanDefinition, ScanRunAnswer } from '#api/scans.ts';
import { LAST_SCAN_RESULT } from '#app/api/cache-persister.ts';
import { ApiRequestError } from '#app/api/client.ts';
import { screenerKeys } from '#app/features/screener/keys.ts';
import { runScan } from '#app/features/screener/queries.ts';
import { canonicalJson } from '#domain/canonical-json.ts';
import { runOnDevice, scanOnDeviceChosen } from './device-run.ts';

/** An answer and the definition it is for (its bid/ask level keeps the rows live). */
export interface RunResult {
  readonly answer: ScanRunAnswer;
  readonly body: ScanDefinition;
}

/** A result kept on the device, and when it was answered (epoch ms). */
export interface KeptResult extends RunResult {
  readonly at: number;
}

/** The query key of the last result of a definition (its `runSignature`). */
export const lastResultKey = (signature: string) =>
  [...screenerKeys.all, LAST_SCAN_RESULT, signature] as const;

export const OFFLINE_RESULTS_TEXT =
  'These results need a connection: this scan has not been run on this device with these settings yet.';

/** A run asked for offline with no results kept for its definition. */
export class OfflineRunError extends Error {
  constructor() {
    super(OFFLINE_RESULTS_TEXT);
  }
}

/** A request that never reached the server (fetch refuses with a TypeError). */
const isNetworkFailure = (error: unknown) => error instanceof TypeError;

/**
 * A pending or failed run keeps the last result (`previous`): the page shows it under the
 * loading message or the error (a scan past its time budget) instead of emptying the table.
 * A done run shown from the device while offline has `keptAt`, when it was answered; one scanned
 * on the device has `onDevice`, the market instant of the snapshot it read.
 */
export type RunState =
  | { readonly status: 'idle' }
  | { readonly status: 'pending'; readonly startedAt: number; readonly previous: RunResult | null }
  | ({ readonly status: 'done'; readonly keptAt?: number; readonly onDevice?: number } & RunResult)
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
  const queryClient = useQueryClient();
  const [state, setState] = useState<RunState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const kept = useRef(new Map<string, Kept>());

  useEffect(() => () => controller.current?.abort(), []);

  /**
   * Runs `body`. Offline, an opening of the scan (`opening`) shows its kept results when there
   * are some; anything else (RUN SCAN, a sort, a page) scans on the device.
   */
  const run = useCallback(
    async (body: ScanDefinition, { opening = false }: { opening?: boolean } = {}) => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      const symbol = body.narrowedToSymbol ?? '';
      const signature = runSignature(body);
      const showKept = () => {
        const stored = queryClient.getQueryData<KeptResult>(lastResultKey(signature));
        if (stored) setState({ status: 'done', answer: stored.answer, body: stored.body, keptAt: stored.at });
        else setState((s) => ({ status: 'error', error: new OfflineRunError(), previous: shownResult(s) }));
      };
      const scanHere = async () => {
        setState((s) => ({ status: 'pending', startedAt: Date.now(), previous: shownResult(s) }));
        try {
          const here = await runOnDevice(queryClient, body);
          if (abort.signal.aborted) return;
          if (here) setState({ status: 'done', answer: here.answer, body, onDevice: here.asOfMs });
          else showKept();
        } catch (error) {
          if (!abort.signal.aborted) setState((s) => ({ status: 'error', error, previous: shownResult(s) }));
        }
      };
      const chosen = scanOnDeviceChosen();
      if (!onlineManager.isOnline() || chosen) {
        if (!chosen && opening && queryClient.getQueryData(lastResultKey(signature))) showKept();
        else await scanHere();
        return;
      }
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
        queryClient.setQueryData<KeptResult>(lastResultKey(signature), { answer, body, at: Date.now() });
        setState({ status: 'done', answer, body });
      } catch (error) {
        // An abort is silent (spec 2 §4.1): the run that replaced it reports.
        if (abort.signal.aborted) return;
        if (isNetworkFailure(error)) await scanHere();
        else setState((s) => ({ status: 'error', error, previous: shownResult(s) }));
      }
    },
    [queryClient],
  );

  // Back online, results read or scanned on the device give way to a fresh run of the same
  // definition (on the server, or on the device again when the user chose it).
  useEffect(() => {
    if (state.status !== 'done' || (state.keptAt === undefined && state.onDevice === undefined)) return;
    const body = state.body;
    return onlineManager.subscribe((online) => {
      if (online) void run(body);
    });
  }, [state, run]);

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
