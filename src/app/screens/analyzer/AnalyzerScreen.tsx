/**
 * The Analyzer, /analyzer/{symbol} (spec 3 §2, §4): the user states where the price will be on a
 * date and gets, per strategy, trades ranked from the highest return to the highest probability
 * of profit, or the best trade of each saved or predefined scan. The form on the left (on top on
 * phones); the stock, its chart and the results on the right. Run writes the inputs to the
 * address and the address drives the runs, so a reload or a shared link shows the same analysis.
 */
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState } from 'react';
import { loadable, OnDemand } from '#app/components/OnDemand.tsx';
import { ScreenTitle } from '#app/components/ScreenTitle.tsx';
import { expirationsQuery, riskFreeRateQuery } from '#app/features/analyzer/queries.ts';
import { factsQuery } from '#app/features/market/queries.ts';
import type { AnalyzerParams, AnalyzerSearch, AnalyzerView } from '#app/route-params.ts';
import { DEFAULT_SCENARIO_SLOT } from '#domain/scenario/behaviors.ts';
import { AnalyzerForm } from './AnalyzerForm.tsx';
import { AnalyzerResults, preloadRunResults } from './AnalyzerResults.tsx';
import {
  type AnalyzerDraft,
  defaultDraft,
  draftOfSearch,
  isRangeBehavior,
  searchOfDraft,
  unitDataOf,
  validateDraft,
} from './analyzer-form.ts';
import { type ChartLevels, dateTimeOf } from './chart-model.ts';
import { runInputsOf, runKeyOf } from './run-inputs.ts';
import { useAnalyzerRuns } from './use-analyzer-runs.ts';
import '#app/components/forms.css';
import '#app/screens/trades/trades.css';
import './analyzer.css';

// Shown once a ticker is chosen: its code loads beside the ticker's facts, not with the screen.
const underlyingPanel = loadable(() => import('./UnderlyingPanel.tsx').then((m) => m.UnderlyingPanel));

export const ANALYZER_ROUTE = '/analyzer/{-$symbol}';
const analyzerRoute = getRouteApi(ANALYZER_ROUTE);

/** The width at which analyzer.css puts the form above the results. */
const STACKED = '(max-width: 900px)';

const sameSearch = (a: AnalyzerSearch, b: AnalyzerSearch): boolean =>
  (Object.keys(a) as (keyof AnalyzerSearch)[]).every((key) => a[key] === b[key]);

/** The form's draft, for the symbol it was made for. */
interface FormState {
  readonly symbol: string;
  readonly draft: AnalyzerDraft;
}

export function AnalyzerScreen() {
  const { symbol }: AnalyzerParams = analyzerRoute.useParams();
  const search: AnalyzerSearch = analyzerRoute.useSearch();
  const navigate = useNavigate();
  const facts = useQuery({ ...factsQuery(symbol ?? ''), enabled: symbol !== undefined });
  const expirations = useQuery({ ...expirationsQuery(symbol ?? ''), enabled: symbol !== undefined });
  const rate = useQuery(riskFreeRateQuery());
  const [form, setForm] = useState<FormState | null>(null);
  const [runCount, setRunCount] = useState(0);
  const side = useRef<HTMLDivElement>(null);

  // With a ticker a run is near: its results' code loads meanwhile.
  useEffect(() => {
    if (symbol !== undefined) preloadRunResults();
  }, [symbol]);

  const baseData = useMemo(() => unitDataOf(facts.data, null), [facts.data]);
  const daysTo = (date: string | null | undefined) =>
    expirations.data?.find((e) => e.date === date)?.daysToExpiry ?? null;

  // A new ticker (or the first visit) starts from its defaults, with what the address says.
  if (symbol !== undefined && baseData !== null && rate.data !== undefined && form?.symbol !== symbol) {
    const rv = facts.data?.values.stock_rv;
    const defaults = defaultDraft(baseData, typeof rv === 'number' ? rv : null, rate.data);
    setForm({ symbol, draft: draftOfSearch(defaults, search, { ...baseData, days: daysTo(search.date) }) });
  }
  const draft = form !== null && form.symbol === symbol ? form.draft : null;
  const data = baseData === null ? null : { ...baseData, days: daysTo(draft?.date) };
  const errors = draft ? validateDraft(draft) : {};
  const dateRow = expirations.data?.find((e) => e.date === draft?.date);

  const inputs = useMemo(() => runInputsOf(symbol, search), [symbol, search]);
  const runKey = inputs === null ? null : `${runKeyOf(inputs)}#${runCount}`;
  const view: AnalyzerView = search.view ?? 'scenario';
  const runs = useAnalyzerRuns(inputs, runKey, view);
  const loading = runs.listing || runs.outcome.finished < runs.outcome.total;
  const canRun = draft !== null && dateRow !== undefined && Object.keys(errors).length === 0 && !loading;

  const levels = useMemo((): ChartLevels => {
    if (!draft) return { prices: [], dateTime: null, move: null };
    const prices = isRangeBehavior(draft.behavior)
      ? [draft.prices.from, draft.prices.to]
      : [draft.prices.value];
    return {
      prices: prices.filter((p): p is number => p !== null),
      dateTime: draft.date ? dateTimeOf(draft.date) : null,
      move: dateRow?.atmIv == null ? null : dateRow.atmIv * Math.sqrt(dateRow.daysToExpiry / 365),
    };
  }, [draft, dateRow]);

  const setSearch = (next: Partial<AnalyzerSearch>, replace = false) =>
    void navigate({
      to: ANALYZER_ROUTE,
      params: { symbol },
      search: { ...search, ...next },
      replace,
    });

  return (
    <>
      <ScreenTitle title="Analyzer" />
      <div className="analyzer-layout">
        <AnalyzerForm
          symbol={symbol}
          onSymbol={(next) =>
            // A new ticker starts from its defaults: only the view is kept.
            void navigate({ to: ANALYZER_ROUTE, params: { symbol: next }, search: { view: search.view } })
          }
          draft={draft}
          data={data}
          expirations={expirations.data}
          errors={errors}
          onDraft={(next) => symbol && setForm({ symbol, draft: next })}
          canRun={canRun}
          onRun={() => {
            if (!draft) return;
            const next = searchOfDraft(draft, search);
            // New inputs run by themselves once in the address; the same inputs run again.
            if (sameSearch(next, search)) setRunCount((c) => c + 1);
            else setSearch(next);
            // Where the form is above the results (phones), show the results coming in.
            if (window.matchMedia(STACKED).matches) side.current?.scrollIntoView({ behavior: 'smooth' });
          }}
        />
        <div className="analyzer-side" ref={side}>
          {symbol !== undefined && (
            <OnDemand code={underlyingPanel} props={{ symbol, facts: facts.data, levels }} fallback={null} />
          )}
          {facts.isError && <p className="field-error">No market data for {symbol}.</p>}
          <AnalyzerResults
            view={view}
            onView={(next) => setSearch({ view: next === 'scenario' ? undefined : next })}
            inputs={inputs}
            runs={runs}
            runKey={runKey}
            slot={search.slot ?? DEFAULT_SCENARIO_SLOT}
            onSlot={(slot) => setSearch({ slot: slot === DEFAULT_SCENARIO_SLOT ? undefined : slot }, true)}
          />
        </div>
      </div>
    </>
  );
}
