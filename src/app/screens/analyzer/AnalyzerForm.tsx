/**
 * The analyzer's form (spec 3 §2): ticker, On Date, Price Target, the levels with their unit and
 * the implied-move buttons, the collapsible Advanced Settings, an optional budget and Run. The
 * rules are in `analyzer-form.ts`; this only draws them.
 */

import { type ComponentProps, useState } from 'react';
import type { ExpirationRow } from '#api/market.ts';
import type * as Controls from '#app/components/IonControls.tsx';
import { IonButton } from '#app/components/IonElements.tsx';
import { loadable, OnDemand } from '#app/components/OnDemand.tsx';
import { ANALYZER_FILLS } from '#app/route-params.ts';
import { TickerPicker } from '#app/screens/order/TickerPicker.tsx';
import { ANALYZER_BEHAVIORS } from '#domain/scenario/behaviors.ts';
import { PRICE_UNIT_LABELS, type PriceUnit, type UnitData } from '#domain/scenario/price-units.ts';
import {
  type AnalyzerDraft,
  BEHAVIOR_LABELS,
  chooseBehavior,
  chooseDate,
  chooseUnit,
  type DraftErrors,
  FILL_LEVELS,
  isRangeBehavior,
  type LevelKey,
  typeLevel,
  unitsFor,
} from './analyzer-form.ts';
import { ImpliedMoves } from './ImpliedMoves.tsx';
import { shortDate } from './short-date.ts';

// Only the Advanced Settings (folded at first) draw a checkbox: ion-checkbox loads as they open.
const checkbox = loadable(() => import('#app/components/IonControls.tsx').then((m) => m.Checkbox));
const Checkbox = (props: ComponentProps<typeof Controls.Checkbox>) => (
  <OnDemand code={checkbox} props={props} fallback={null} />
);

export interface FormProps {
  readonly symbol: string | undefined;
  readonly onSymbol: (symbol: string) => void;
  /** Null until the ticker's facts are in. */
  readonly draft: AnalyzerDraft | null;
  readonly data: UnitData | null;
  readonly expirations: readonly ExpirationRow[] | undefined;
  readonly errors: DraftErrors;
  readonly onDraft: (draft: AnalyzerDraft) => void;
  readonly canRun: boolean;
  readonly onRun: () => void;
}

const LEVEL_LABELS: Readonly<Record<LevelKey, string>> = {
  value: 'Price',
  from: 'Lower price',
  to: 'Upper price',
};

function LevelInput({
  draft,
  data,
  field,
  error,
  onDraft,
}: {
  draft: AnalyzerDraft;
  data: UnitData;
  field: LevelKey;
  error: string | undefined;
  onDraft: (draft: AnalyzerDraft) => void;
}) {
  const id = `analyzer-level-${field}`;
  const price = draft.prices[field];
  return (
    <div className="field">
      <label htmlFor={id}>{LEVEL_LABELS[field]}</label>
      <input
        id={id}
        className="app-input"
        inputMode="decimal"
        value={draft.texts[field]}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onDraft(typeLevel(draft, field, e.target.value, data))}
      />
      {draft.unit !== 'abs' && price !== null && !error && (
        <span className="level-price">= ${price.toFixed(2)}</span>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled select of fixed choices; a value not among them reads as the placeholder. */
function ChoiceField<T extends string>({
  label,
  value,
  options,
  onChange,
  placeholder,
  disabled = false,
}: {
  label: string;
  value: T | '';
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  placeholder?: string;
  disabled?: boolean;
}) {
  return (
    <label className="field">
      <span>{label}</span>
      <select
        className="app-select"
        aria-label={label}
        value={value}
        disabled={disabled}
        onChange={(e) => {
          const chosen = options.find((o) => o.value === e.target.value);
          if (chosen) onChange(chosen.value);
        }}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

function PercentInput({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: string;
  error: string | undefined;
  onChange: (text: string) => void;
}) {
  const id = `analyzer-${label.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="app-input"
        inputMode="decimal"
        value={value}
        aria-invalid={error ? true : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && <p className="field-error">{error}</p>}
    </div>
  );
}

export function AnalyzerForm({
  symbol,
  onSymbol,
  draft,
  data,
  expirations,
  errors,
  onDraft,
  canRun,
  onRun,
}: FormProps) {
  const [advanced, setAdvanced] = useState(false);
  const ready = draft !== null && data !== null;
  const range = draft !== null && isRangeBehavior(draft.behavior);
  const units: PriceUnit[] = ready ? unitsFor(draft, data) : ['abs'];
  const dateRow = expirations?.find((e) => e.date === draft?.date);
  return (
    <form
      className="analyzer-form"
      aria-label="Analyzer inputs"
      onSubmit={(e) => {
        e.preventDefault();
        if (canRun) onRun();
      }}
    >
      <TickerPicker key={symbol ?? ''} value={symbol ?? null} onChange={onSymbol} disabled={false} />
      <ChoiceField
        label="On Date"
        value={draft?.date ?? ''}
        placeholder={expirations ? 'Choose a date' : symbol ? 'Loading…' : 'Choose a ticker first'}
        options={(expirations ?? []).map((e) => ({
          value: e.date,
          label: `${shortDate(e.date)} (${Math.max(0, Math.round(e.daysToExpiry))}d)`,
        }))}
        disabled={!ready || !expirations}
        onChange={(date) => ready && onDraft(chooseDate(draft, date, data))}
      />
      <ChoiceField
        label="Price Target"
        value={draft?.behavior ?? 'abovePrice'}
        options={ANALYZER_BEHAVIORS.map((b) => ({ value: b, label: BEHAVIOR_LABELS[b] }))}
        disabled={!ready}
        onChange={(behavior) => ready && onDraft(chooseBehavior(draft, behavior, data))}
      />
      <ChoiceField
        label="Unit"
        value={draft?.unit ?? 'abs'}
        options={units.map((u) => ({ value: u, label: PRICE_UNIT_LABELS[u] }))}
        disabled={!ready}
        onChange={(unit) => ready && onDraft(chooseUnit(draft, unit, data))}
      />
      {ready && (
        <div className="analyzer-levels">
          {(range ? (['from', 'to'] as const) : (['value'] as const)).map((field) => (
            <LevelInput
              key={field}
              draft={draft}
              data={data}
              field={field}
              error={errors[field]}
              onDraft={onDraft}
            />
          ))}
        </div>
      )}
      {ready && dateRow && <ImpliedMoves draft={draft} data={data} expiration={dateRow} onDraft={onDraft} />}
      <button
        type="button"
        className="text-button advanced-toggle"
        aria-expanded={advanced}
        onClick={() => setAdvanced((a) => !a)}
      >
        <span aria-hidden="true">{advanced ? '▾' : '▸'}</span> Advanced Settings
      </button>
      {advanced && ready && (
        <fieldset className="analyzer-advanced">
          {range && (
            <div className="unbalanced">
              <Checkbox
                checked={draft.unbalanced}
                onChange={(unbalanced) => onDraft({ ...draft, unbalanced })}
              >
                Include unbalanced spreads
              </Checkbox>
              <p className="hint">Unbalanced spreads take considerably more time to analyze.</p>
            </div>
          )}
          <ChoiceField
            label="Bid/Ask Level"
            value={draft.fill}
            options={ANALYZER_FILLS.map((f) => ({ value: f, label: FILL_LEVELS[f].label }))}
            onChange={(fill) => onDraft({ ...draft, fill })}
          />
          <PercentInput
            label="Volatility %"
            value={draft.volatility}
            error={errors.volatility}
            onChange={(volatility) => onDraft({ ...draft, volatility })}
          />
          <PercentInput
            label="Drift %"
            value={draft.drift}
            error={errors.drift}
            onChange={(drift) => onDraft({ ...draft, drift })}
          />
        </fieldset>
      )}
      {advanced && ready === false && <p className="hint">Choose a ticker first.</p>}
      {/* The advanced fields' messages show even while the section is closed. */}
      {!advanced && (errors.volatility || errors.drift) && (
        <p className="field-error">Check the Advanced Settings: {errors.volatility ?? errors.drift}</p>
      )}
      {ready && (
        <div className="field">
          <label htmlFor="analyzer-max-risk">Max. risk $ (optional)</label>
          <input
            id="analyzer-max-risk"
            className="app-input"
            inputMode="decimal"
            placeholder="No limit"
            value={draft.maxRisk}
            aria-invalid={errors.maxRisk ? true : undefined}
            onChange={(e) => onDraft({ ...draft, maxRisk: e.target.value })}
          />
          {errors.maxRisk && <p className="field-error">{errors.maxRisk}</p>}
        </div>
      )}
      <IonButton expand="block" disabled={!canRun} onClick={onRun}>
        Run
      </IonButton>
    </form>
  );
}
