/**
 * The analyzer's form (spec 3 §2): ticker, On Date, Price Target, the levels with their unit and
 * the implied-move buttons, the collapsible Advanced Settings, an optional budget and Run. The
 * rules are in `analyzer-form.ts`; this only draws them.
 */
import { IonButton } from '@ionic/react';
import { useState } from 'react';
import type { ExpirationRow } from '#api/market.ts';
import { Checkbox } from '#app/components/IonControls.tsx';
import type { AnalyzerFill } from '#app/route-params.ts';
import { TickerPicker } from '#app/screens/order/TickerPicker.tsx';
import { ANALYZER_BEHAVIORS, type AnalyzerBehavior, isRangeBehavior } from '#domain/scenario/behaviors.ts';
import { PRICE_UNIT_LABELS, type PriceUnit, type UnitData } from '#domain/scenario/price-units.ts';
import {
  type AnalyzerDraft,
  BEHAVIOR_LABELS,
  chooseBehavior,
  chooseDate,
  chooseUnit,
  type DraftErrors,
  FILL_LEVELS,
  type LevelKey,
  typeLevel,
  unitsFor,
} from './analyzer-form.ts';
import { ImpliedMoves } from './ImpliedMoves.tsx';
import { shortDate } from './result-cards.ts';

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
      <label className="field">
        <span>On Date</span>
        <select
          className="app-select"
          aria-label="On Date"
          value={draft?.date ?? ''}
          disabled={!ready || !expirations}
          onChange={(e) => ready && e.target.value && onDraft(chooseDate(draft, e.target.value, data))}
        >
          <option value="">
            {expirations ? 'Choose a date' : symbol ? 'Loading…' : 'Choose a ticker first'}
          </option>
          {expirations?.map((e) => (
            <option key={e.date} value={e.date}>
              {shortDate(e.date)} ({Math.max(0, Math.round(e.daysToExpiry))}d)
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>Price Target</span>
        <select
          className="app-select"
          aria-label="Price Target"
          value={draft?.behavior ?? 'abovePrice'}
          disabled={!ready}
          onChange={(e) => ready && onDraft(chooseBehavior(draft, e.target.value as AnalyzerBehavior, data))}
        >
          {ANALYZER_BEHAVIORS.map((b) => (
            <option key={b} value={b}>
              {BEHAVIOR_LABELS[b]}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>Unit</span>
        <select
          className="app-select"
          aria-label="Unit"
          value={draft?.unit ?? 'abs'}
          disabled={!ready}
          onChange={(e) => ready && onDraft(chooseUnit(draft, e.target.value as PriceUnit, data))}
        >
          {units.map((u) => (
            <option key={u} value={u}>
              {PRICE_UNIT_LABELS[u]}
            </option>
          ))}
        </select>
      </label>
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
          <label className="field">
            <span>Bid/Ask Level</span>
            <select
              className="app-select"
              aria-label="Bid/Ask Level"
              value={draft.fill}
              onChange={(e) => onDraft({ ...draft, fill: e.target.value as AnalyzerFill })}
            >
              {Object.entries(FILL_LEVELS).map(([key, { label }]) => (
                <option key={key} value={key}>
                  {label}
                </option>
              ))}
            </select>
          </label>
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
