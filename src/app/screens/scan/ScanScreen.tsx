/**
 * The scan page, /screener/scan/{scanId}/{symbol} (spec 2 §2.2–§2.3, §4.1–§4.5): a new scan
 * without an id, else the saved or sample scan; narrowed to a ticker by the second segment (a
 * scan not saved yet keeps its narrowing in the page). The definition panel on the left, the
 * results on the right; the scan runs on opening, on a strategy change, a sort or a page, and on
 * RUN SCAN after filters changed.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ScanExportKind, ScanTradeRow } from '#api/scans.ts';
import { DEFAULT_SCAN_TITLE, type Scan } from '#api/screener-model.ts';
import { ApiRequestError } from '#app/api/client.ts';
import { errorMessageOf } from '#app/components/error-message.ts';
import { notify } from '#app/components/notices.ts';
import { subscriptionQuery } from '#app/features/account/subscription.ts';
import { screenerKeys } from '#app/features/screener/keys.ts';
import { screenerApi } from '#app/features/screener/mutations.ts';
import { exportScan, scanQuery } from '#app/features/screener/queries.ts';
import { type ScanParams, type ScanSearch, sortOf, sortText } from '#app/route-params.ts';
import { SCAN_ROUTE, useScanWrites } from '#app/screens/screener/scan-actions.ts';
import { columnForKey } from '#domain/columns/column-catalogue.ts';
import { effectiveLimits } from '#domain/plans/plan-limits.ts';
import { CUSTOM_MAX_OPTION_LEGS } from '#domain/strategies/catalogue.ts';
import type { ScreenerStrategyKey } from '#domain/strategies/strategy-key.ts';
import { Spinner } from './controls.tsx';
import { DefinitionPanel } from './DefinitionPanel.tsx';
import { useDeviceSnapshotRefresh } from './device-run.ts';
import { EVENT_COLUMNS } from './result-view.ts';
import { ScanHeader } from './ScanHeader.tsx';
import { ScanResults } from './ScanResults.tsx';
import { ScanToolbar } from './ScanToolbar.tsx';
import {
  changeStrategy,
  draftOfScan,
  newDraft,
  runBody,
  type ScanDraft,
  type SortPair,
  saveBody,
  scanSubtitle,
} from './scan-draft.ts';
import { applySortChoice, type SortChoice } from './scan-sorting.ts';
import { AnalyzeSlot, ColumnChooserSlot } from './slots.tsx';
import { useScanRun } from './use-scan-run.ts';
import { WatchControl } from './WatchControl.tsx';
import '#app/components/forms.css';
import '#app/components/tables.css';
import './scan.css';
import '#app/theme/row-cards.css';

/** The scan the page edits: which saved scan it shows (null: not saved), its draft and title. */
interface PageScan {
  readonly forId: number | null;
  readonly saved: Scan | null;
  readonly draft: ScanDraft;
  readonly title: string;
}

const pageOfScan = (scan: Scan): PageScan => ({
  forId: scan.id,
  saved: scan,
  draft: draftOfScan(scan),
  title: scan.title,
});

const NEW_PAGE: PageScan = { forId: null, saved: null, draft: newDraft(), title: DEFAULT_SCAN_TITLE };

const scanRoute = getRouteApi(SCAN_ROUTE);

export const OFFLINE_SCAN_TEXT =
  'This scan needs a connection: it has not been opened on this device yet. It will open once you are back online.';

/**
 * The page's draft with the address's sort (a shared or reloaded link), where it names columns
 * the table has; otherwise the scan's own.
 */
function withSortOf(page: PageScan, search: ScanSearch): PageScan {
  const sort = sortOf(search.sort)?.filter(([key]) => columnForKey(key) !== undefined);
  if (!sort || sort.length === 0) return page;
  return { ...page, draft: { ...page.draft, sorting: sort.map(([key, dir]): SortPair => [key, dir]) } };
}

export function ScanScreen() {
  const params: ScanParams = scanRoute.useParams();
  const search: ScanSearch = scanRoute.useSearch();
  const scanId = params.scanId ?? null;
  const navigate = useNavigate();
  // The results page and sort live in the address, so a results page can be shared or reloaded.
  const setSearch = (next: ScanSearch) =>
    void navigate({ to: '.', search: (prev: ScanSearch) => ({ ...prev, ...next }), replace: true });
  const queryClient = useQueryClient();
  const scan = useQuery({ ...scanQuery(scanId ?? 0), enabled: scanId !== null });
  const subscription = useQuery(subscriptionQuery());
  const planMax = subscription.data
    ? effectiveLimits({ status: subscription.data.status, planId: subscription.data.planId })
        .maxCustomStrategyLegs
    : CUSTOM_MAX_OPTION_LEGS + 1;

  const [page, setPage] = useState<PageScan | null>(null);
  const [localNarrow, setLocalNarrow] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [analyzed, setAnalyzed] = useState<ScanTradeRow | null>(null);
  const { state, run, restore, cacheIdFor } = useScanRun();
  useDeviceSnapshotRefresh();

  // The page follows the route: a new scan, or the scan of the id once it has loaded. After a
  // save the page already holds the saved scan, so the new address does not reload it.
  if (scanId === null && (page === null || page.forId !== null)) {
    setPage(withSortOf(NEW_PAGE, search));
  } else if (scanId !== null && scan.data && page?.forId !== scanId) {
    setPage(withSortOf(pageOfScan(scan.data), search));
  }
  const ready = page !== null && page.forId === scanId;
  const narrowedTo = scanId === null ? localNarrow : (params.symbol ?? null);
  const draft = page?.draft ?? NEW_PAGE.draft;
  const kind = page?.saved ? (page.saved.isSample ? 'sample' : 'own') : 'new';

  const bodyFor = useCallback((d: ScanDraft, pageNo: number, narrowed: string | null) => {
    const body = runBody(d, { page: pageNo, cacheId: null, narrowedToSymbol: narrowed });
    // The ticker's event icons need its dates, shown as columns or not.
    return { ...body, columns: [...new Set([...(body.columns ?? []), ...EVENT_COLUMNS])] };
  }, []);
  // The draft of the moment, read by the effect below without making it rerun on every edit.
  const latestDraft = useRef(draft);
  latestDraft.current = draft;
  const runNow = (d: ScanDraft, pageNo = 0, narrowed = narrowedTo) => void run(bodyFor(d, pageNo, narrowed));

  // Opening a scan, or narrowing and widening it, shows its results (kept ones when they match),
  // on the page the address names.
  const firstPage = useRef((search.page ?? 1) - 1);
  useEffect(() => {
    if (!ready) return;
    const body = bodyFor(latestDraft.current, firstPage.current, narrowedTo);
    firstPage.current = 0;
    if (!restore(body)) void run(body, { opening: true });
  }, [ready, narrowedTo, bodyFor, restore, run]);

  const update = (next: Partial<PageScan>) => setPage((p) => (p ? { ...p, ...next } : p));
  const setDraft = (d: ScanDraft, rerun = false) => {
    update({ draft: d });
    if (rerun) runNow(d);
  };
  const onStrategy = (key: ScreenerStrategyKey) => {
    // Spec 2 §4.3: the strategy's defaults, then a new run.
    setDraft(changeStrategy(key), true);
    setSearch({ page: undefined, sort: undefined });
  };
  const onSort = (key: string, choice: SortChoice) => {
    const sorting = applySortChoice(draft.sorting, key, choice);
    setDraft({ ...draft, sorting }, true);
    setSearch({ page: undefined, sort: sortText(sorting) });
  };
  const onPage = (pageNo: number) => {
    runNow(draft, pageNo);
    setSearch({ page: pageNo > 0 ? pageNo + 1 : undefined });
  };
  const scanHref = scanId === null ? '/screener/scan' : `/screener/scan/${scanId}`;
  const narrow = (symbol: string | null) => {
    if (scanId === null) setLocalNarrow(symbol);
    else void navigate({ to: SCAN_ROUTE, params: { scanId, symbol: symbol ?? undefined } });
  };

  const failed = (error: unknown) => notify({ message: errorMessageOf(error), color: 'danger' });
  // Save, rename and favourite are the All Scans page's own writes.
  const writes = useScanWrites();
  const landOn = (saved: Scan) => {
    setPage({ forId: saved.id, saved, draft, title: saved.title });
    // After a save or a duplicate the product opens the scan (spec 2 §2.2).
    void navigate({ to: SCAN_ROUTE, params: { scanId: saved.id, symbol: narrowedTo ?? undefined } });
  };
  const write = async (call: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await call();
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };
  const title = page?.title ?? DEFAULT_SCAN_TITLE;
  const saveNew = () => writes.save.mutate({ body: saveBody(draft, title) }, { onSuccess: landOn });
  const duplicate = () => {
    const copyOf = page?.forId ?? undefined;
    writes.save.mutate({ id: copyOf, body: { ...saveBody(draft, title), copyOf } }, { onSuccess: landOn });
  };
  const updateScan = () =>
    write(async () => {
      if (page?.forId == null) return;
      const saved = await screenerApi.updateScan(page.forId, saveBody(draft, title));
      queryClient.setQueryData(screenerKeys.scan(saved.id), saved);
      update({ saved });
      notify({ message: 'Scan updated.', color: 'primary' });
      await queryClient.invalidateQueries({ queryKey: screenerKeys.lists() });
    });
  const deleteScan = () =>
    write(async () => {
      if (page?.forId == null) return;
      await screenerApi.deleteScan(page.forId);
      queryClient.removeQueries({ queryKey: screenerKeys.scan(page.forId) });
      await queryClient.invalidateQueries({ queryKey: screenerKeys.lists() });
      // After delete the product goes to / (spec 2 §2.2).
      await navigate({ to: '/' });
    });
  const rename = (next: string) => {
    update({ title: next });
    // A saved scan's new title is saved at once (spec 2 §4.2).
    if (page?.forId != null && kind === 'own')
      writes.patch.mutate({ id: page.forId, patch: { title: next } });
  };
  // The star follows the cached scan, which the favourite sets at once and puts back on failure.
  const favorite = kind === 'new' ? null : (scan.data?.isFavorite ?? null);
  const toggleFavorite = () => {
    if (favorite === null || !scan.data) return;
    writes.favorite.mutate({ card: scan.data, marked: !favorite });
  };
  const answer = state.status === 'done' ? state.answer : null;
  const onExport = (exportKind: ScanExportKind) => {
    const body = bodyFor(draft, answer?.page ?? 0, narrowedTo);
    // The shown result is exported from the server's cache when the definition is unchanged.
    void exportScan(exportKind, { ...body, cacheId: cacheIdFor(body) }).catch(failed);
  };

  if (scanId !== null && scan.isError && !ready) {
    return <p className="field-error">{errorMessageOf(scan.error)}</p>;
  }
  // Offline, a scan never opened on this device would otherwise wait for the network forever.
  if (scanId !== null && !scan.data && scan.fetchStatus === 'paused') {
    return (
      <p className="empty-state offline-scan" role="alert">
        {OFFLINE_SCAN_TEXT}
      </p>
    );
  }
  if (!ready) return <Spinner label="Loading scan" />;

  const legsRefusal =
    state.status === 'error' &&
    state.error instanceof ApiRequestError &&
    state.error.code === 'INVALID_STRATEGY_LEGS'
      ? state.error.message
      : null;
  return (
    <div className="scan-page">
      <ScanHeader
        title={title}
        subtitle={scanSubtitle(page?.saved ?? null, draft.strategy)}
        editable={kind !== 'sample'}
        favorite={favorite}
        narrowedTo={narrowedTo}
        scanHref={scanHref}
        onRename={rename}
        onFavorite={toggleFavorite}
        onAllScans={() => void navigate({ to: '/screener' })}
        onUnnarrow={() => narrow(null)}
      />
      <ScanToolbar
        kind={kind}
        running={state.status === 'pending'}
        busy={busy || writes.save.isPending}
        canExport={answer !== null && answer.items.length > 0}
        onRun={() => runNow(draft)}
        onSave={saveNew}
        onUpdate={updateScan}
        onSaveAsNew={saveNew}
        onDuplicate={duplicate}
        onExport={onExport}
        onDelete={deleteScan}
        watchControl={<WatchControl kind={kind} scan={scan.data ?? null} />}
        columnChooser={
          <ColumnChooserSlot
            strategy={draft.strategy}
            selected={draft.columns}
            onChange={(columns) => setDraft({ ...draft, columns }, true)}
          />
        }
      />
      <div className="scan-layout">
        <DefinitionPanel
          draft={draft}
          onChange={setDraft}
          onStrategy={onStrategy}
          asOfMs={answer ? Date.parse(answer.asOf) : Date.now()}
          planMax={planMax}
          legsRefusal={legsRefusal}
        />
        <div className="scan-main">
          {narrowedTo && (
            <button type="button" className="text-button back-link" onClick={() => narrow(null)}>
              ‹ Back to the whole market
            </button>
          )}
          <ScanResults
            state={state}
            chosenColumns={draft.columns}
            sorting={draft.sorting}
            narrowedTo={narrowedTo}
            onSort={onSort}
            onPage={onPage}
            onNarrow={(symbol) => narrow(symbol)}
            onAnalyze={setAnalyzed}
          />
        </div>
      </div>
      <AnalyzeSlot
        row={analyzed}
        strategy={draft.strategy}
        bidAskLevel={draft.bidAskLevel}
        onClose={() => setAnalyzed(null)}
      />
    </div>
  );
}
