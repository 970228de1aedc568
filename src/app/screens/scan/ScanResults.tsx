/**
 * The results side of the scan page (spec 2 §2.2, §4.1, §8): the staged loading messages while a
 * scan runs, the run's error, the sorting hint, the table, the two empty texts, and the
 * pagination at the bottom centre (the page size is the server's; no page-size changer).
 */
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import type { ScanDefinition, ScanTradeRow } from '#api/scans.ts';
import { errorMessageOf } from '#app/components/error-message.ts';
import { loadable, useFirstContentShown, useLoadable } from '#app/components/OnDemand.tsx';
import { LiveIndicator } from '#app/live/LiveIndicator.tsx';
import { dataTimeText } from '#app/shell/data-time.ts';
import { isoDateOfEpochDay, marketDayOf } from '#domain/filters/date-range.ts';
import { Spinner } from './controls.tsx';
import { DeviceScanToggle } from './DeviceScanToggle.tsx';
import { loadingMessage, nextStageIn } from './loading-messages.ts';
import { ResultsTable } from './ResultsTable.tsx';
import { columnTitle, pageCount, shownColumns } from './result-view.ts';
import type { SortPair } from './scan-draft.ts';
import { type SortChoice, sortingHint } from './scan-sorting.ts';
import type { LiveCheckedFilter } from './unmet-filters.ts';
import { useLiveResults } from './use-live-results.ts';
import { OfflineRunError, type RunState, shownResult } from './use-scan-run.ts';

export const EMPTY_TEXT =
  'There are no options in the market that fit the scan criteria. Make the filters looser or try again later.';
export const EMPTY_NARROWED_TEXT =
  "You've narrowed scan results to a specific ticker. No options for that ticker fit the search criteria. Return to scan the entire market, change the search filters, or try again later.";

function LoadingMessage({ startedAt }: { startedAt: number }) {
  const [now, setNow] = useState(() => Date.now());
  const elapsed = now - startedAt;
  useEffect(() => {
    const wait = nextStageIn(elapsed);
    if (wait === null) return;
    const timer = setTimeout(() => setNow(Date.now()), wait);
    return () => clearTimeout(timer);
  }, [elapsed]);
  return (
    <div className="scan-loading" role="status">
      <Spinner label="Scanning" />
      <span>{loadingMessage(elapsed)}</span>
    </div>
  );
}

const liveChecks = loadable(() => import('./live-checked-filters.ts').then((m) => m.liveCheckedFilters));

/**
 * The run's filters live values can break (`live-checked-filters.ts`), once the page shows its
 * content; none before (the run's own rows meet them all).
 */
function useLiveChecks(body: ScanDefinition | null): readonly LiveCheckedFilter[] {
  const checksOf = useLoadable(liveChecks, useFirstContentShown());
  return useMemo(() => (body && checksOf ? checksOf(body.filters, body.strategy) : []), [body, checksOf]);
}

/** The run's failure as the page says it (spec 2 §8). */
export function runErrorMessage(error: unknown): string {
  if (error instanceof OfflineRunError) return error.message;
  return errorMessageOf(error);
}

/** Page buttons around the current one: first, last, and two either side. */
export function pageWindow(current: number, count: number): (number | null)[] {
  const pages: (number | null)[] = [];
  for (let p = 0; p < count; p += 1) {
    if (p === 0 || p === count - 1 || Math.abs(p - current) <= 2) pages.push(p);
    else if (pages[pages.length - 1] !== null) pages.push(null);
  }
  return pages;
}

function Pagination({
  page,
  count,
  onPage,
}: {
  page: number;
  count: number;
  onPage: (page: number) => void;
}) {
  if (count <= 1) return null;
  return (
    <nav className="pagination" aria-label="Pages">
      <button type="button" disabled={page === 0} onClick={() => onPage(page - 1)} aria-label="Previous page">
        ‹
      </button>
      {pageWindow(page, count).map((p, i) =>
        p === null ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity
          <span key={`gap-${i}`}>…</span>
        ) : (
          <button
            key={p}
            type="button"
            aria-current={p === page ? 'page' : undefined}
            aria-label={`Page ${p + 1}`}
            onClick={() => p !== page && onPage(p)}
          >
            {p + 1}
          </button>
        ),
      )}
      <button
        type="button"
        disabled={page >= count - 1}
        onClick={() => onPage(page + 1)}
        aria-label="Next page"
      >
        ›
      </button>
    </nav>
  );
}

export function ScanResults({
  state,
  chosenColumns,
  sorting,
  narrowedTo,
  onSort,
  onPage,
  onNarrow,
  onAnalyze,
}: {
  state: RunState;
  chosenColumns: readonly string[];
  sorting: readonly SortPair[];
  narrowedTo: string | null;
  onSort: (key: string, choice: SortChoice) => void;
  onPage: (page: number) => void;
  onNarrow: (symbol: string) => void;
  onAnalyze: (row: ScanTradeRow) => void;
}) {
  const shown = shownResult(state);
  const body = shown?.body ?? null;
  // Live while it is the result on show; one shown while a new run is pending keeps still.
  const live = useLiveResults(shown?.answer ?? null, body, shown !== null && state.status !== 'pending');
  // The rows are drawn in a transition, in slices the browser can interleave with input, rather
  // than in the one long task of the update that brought them (a page of cards on a phone).
  const answer = useDeferredValue(live);
  const liveChecks = useLiveChecks(body);
  const columns = answer ? shownColumns(answer, chosenColumns) : [];
  return (
    <section className="scan-results" aria-label="Scan results" aria-busy={state.status === 'pending'}>
      <div className="results-status">
        <p className="sorting-hint hint">{sortingHint(sorting, columnTitle)}</p>
        <LiveIndicator />
        <DeviceScanToggle />
      </div>
      {state.status === 'pending' && <LoadingMessage startedAt={state.startedAt} />}
      {state.status === 'error' && (
        <p className={state.error instanceof OfflineRunError ? 'empty-state' : 'field-error'} role="alert">
          {runErrorMessage(state.error)}
        </p>
      )}
      {state.status === 'done' && state.onDevice !== undefined && (
        <p className="hint kept-results" role="status">
          Scanned on this device · data from {dataTimeText(state.onDevice)}
        </p>
      )}
      {state.status === 'done' && state.keptAt !== undefined && (
        <p className="hint kept-results" role="status">
          Results from {dataTimeText(state.keptAt)}
        </p>
      )}
      {state.status === 'done' && answer && answer.items.length === 0 && (
        <p className="empty-state">{narrowedTo ? EMPTY_NARROWED_TEXT : EMPTY_TEXT}</p>
      )}
      {answer && answer.items.length > 0 && (
        <div className={state.status === 'pending' ? 'stale' : undefined}>
          <p className="hint result-count">
            {answer.totalCount} {answer.narrowed ? 'trades' : 'tickers'} · as of{' '}
            {answer.asOf.slice(0, 16).replace('T', ' ')} UTC
          </p>
          <ResultsTable
            items={answer.items}
            columns={columns}
            filters={body?.filters}
            sorting={sorting}
            narrowed={answer.narrowed}
            today={isoDateOfEpochDay(marketDayOf(Date.parse(answer.asOf)))}
            liveChecks={liveChecks}
            onSort={onSort}
            onNarrow={onNarrow}
            onAnalyze={onAnalyze}
          />
          <Pagination page={answer.page} count={pageCount(answer)} onPage={onPage} />
        </div>
      )}
    </section>
  );
}
