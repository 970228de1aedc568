/**
 * The IV vs HV chart of the Options tab (the plans' volatility suite) with its form (spec 1 §5):
 * the option's delta, days to expiry and CALLs/PUTs, kept for the session (iv-hv-choice.ts). The
 * chart loads with the panel's other charts, never with the panel.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Suspense, useId, useState } from 'react';
import { Spinner } from '#app/components/IonSpinner.tsx';
import type { IvRvChoice } from '#app/features/market/keys.ts';
import { ivRvQuery } from '#app/features/market/queries.ts';
import { AnalyzeIvHvChart } from './charts.ts';
import {
  DTE_MAX,
  DTE_MESSAGE,
  DTE_MIN,
  IV_HV_DELTAS,
  IV_HV_RIGHTS,
  parseDte,
  storedIvHvChoice,
  storeIvHvChoice,
} from './iv-hv-choice.ts';

export function IvHvSection({ symbol }: { symbol: string }) {
  const [choice, setChoice] = useState(() => storedIvHvChoice());
  const [dteText, setDteText] = useState(String(choice.dte));
  const errorId = useId();
  const history = useQuery({ ...ivRvQuery(symbol, choice), placeholderData: keepPreviousData });
  const dteValid = parseDte(dteText) !== null;
  const choose = (next: IvRvChoice) => {
    setChoice(next);
    storeIvHvChoice(next);
  };
  return (
    <section className="analyze-chart" aria-label="IV vs HV">
      <h3>IV vs HV</h3>
      <div className="iv-hv-form">
        <label className="field">
          <span>Delta</span>
          <select
            className="app-select"
            value={String(choice.delta)}
            onChange={(e) => choose({ ...choice, delta: Number(e.target.value) })}
          >
            {IV_HV_DELTAS.map((d) => (
              <option key={d} value={String(d)}>
                {d}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Days to expiry</span>
          <input
            className="app-input narrow"
            inputMode="numeric"
            min={DTE_MIN}
            max={DTE_MAX}
            value={dteText}
            aria-invalid={!dteValid}
            aria-describedby={dteValid ? undefined : errorId}
            onChange={(e) => {
              setDteText(e.target.value);
              const dte = parseDte(e.target.value);
              if (dte !== null) choose({ ...choice, dte });
            }}
          />
        </label>
        <label className="field">
          <span>Options</span>
          <select
            className="app-select"
            value={choice.right ?? ''}
            onChange={(e) =>
              choose({
                ...choice,
                right: e.target.value === 'CALL' || e.target.value === 'PUT' ? e.target.value : null,
              })
            }
          >
            {IV_HV_RIGHTS.map((r) => (
              <option key={r.label} value={r.value ?? ''}>
                {r.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {!dteValid && (
        <p className="field-error" id={errorId} role="alert">
          {DTE_MESSAGE}
        </p>
      )}
      {history.isPending ? (
        <Spinner label="Loading IV and HV" />
      ) : history.data && history.data.length > 0 ? (
        <Suspense fallback={<Spinner label="Loading chart" />}>
          <AnalyzeIvHvChart rows={history.data} symbol={symbol} />
        </Suspense>
      ) : (
        <p className="analyze-no-data">No Data</p>
      )}
    </section>
  );
}
