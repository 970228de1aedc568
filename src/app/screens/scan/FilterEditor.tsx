/**
 * The editor of one filter value, per value kind of the filter catalogue (spec 2 §3.9, §4.4, §5):
 * ranges with their presets, range-or-closest and leg delta, choices, yes/no, symbol lists,
 * the universe, sectors, date ranges (relative, or frozen to dates), scenarios and the indicators
 * with their parameters. It edits a draft; the dialog around it applies (after the catalogue's
 * validation) or cancels.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Dialog } from '#app/components/Dialog.tsx';
import { universesQuery } from '#app/features/screener/queries.ts';
import { freezeDateRange } from '#domain/filters/date-range.ts';
import type { FilterDefinition } from '#domain/filters/filter-definition.ts';
import type {
  FilterValue,
  IndicatorValue,
  MaCrossoverValue,
  MacdValue,
  NumericRange,
} from '#domain/filters/filter-value.ts';
import { MaType, ShiftUnit } from '#domain/filters/filter-value.ts';
import { SECTORS } from '#domain/filters/sectors.ts';
import { parseSymbolList } from '#domain/filters/symbol-list.ts';
import { Button } from './controls.tsx';
import {
  fromShown,
  isPercentShift,
  matchingPreset,
  numberText,
  parseNumber,
  SHIFT_UNIT_LABELS,
  toShown,
  validateFilter,
} from './filter-view.ts';

type Edit<T> = { value: T; onChange: (next: T) => void };

function NumberField({
  label,
  value,
  required = false,
  onChange,
}: {
  label: string;
  value: number | null;
  /** A parameter without an Any: blank is refused like text that is not a number. */
  required?: boolean | undefined;
  onChange: (n: number | null) => void;
}) {
  const [text, setText] = useState(numberText(value));
  const parsed = parseNumber(text);
  const blank = required && parsed === null;
  const invalid = Number.isNaN(parsed) || blank;
  return (
    <label className="filter-field">
      <span>{label}</span>
      <input
        className="app-input"
        inputMode="decimal"
        aria-label={label}
        aria-invalid={invalid}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          onChange(parseNumber(e.target.value));
        }}
      />
      {invalid && <span className="field-error">{blank ? 'Required' : 'Not a number'}</span>}
    </label>
  );
}

const UNIT_SUFFIX: Record<string, string> = { percent: ' (%)', money: ' ($)', days: ' (days)' };

/** min/max in shown units with the filter's preset bands. */
function RangeFields({ def, value, onChange }: { def: FilterDefinition } & Edit<NumericRange>) {
  const preset = matchingPreset(def, value);
  // Presets replace the fields' text: remount them with the new numbers.
  const [generation, setGeneration] = useState(0);
  const suffix = UNIT_SUFFIX[def.unit] ?? '';
  return (
    <>
      {def.presets.length > 0 && (
        <fieldset className="filter-presets">
          <legend className="visually-hidden">Presets</legend>
          {def.presets.map((p) => (
            <button
              key={p.label}
              type="button"
              className={`chip${preset === p.label ? ' selected' : ''}`}
              aria-pressed={preset === p.label}
              onClick={() => {
                onChange({ min: p.range[0], max: p.range[1] });
                setGeneration((g) => g + 1);
              }}
            >
              {p.label}
            </button>
          ))}
        </fieldset>
      )}
      <div className="filter-row" key={generation}>
        <NumberField
          label={`Min${suffix}`}
          value={toShown(def, value.min)}
          onChange={(n) => onChange({ ...value, min: fromShown(def, n) })}
        />
        <NumberField
          label={`Max${suffix}`}
          value={toShown(def, value.max)}
          onChange={(n) => onChange({ ...value, max: fromShown(def, n) })}
        />
      </div>
    </>
  );
}

function Select<T extends string | number>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (v: T) => void;
}) {
  return (
    <label className="filter-field">
      <span>{label}</span>
      <select
        className="app-select"
        aria-label={label}
        value={String(value)}
        onChange={(e) => {
          const found = options.find((o) => String(o.value) === e.target.value);
          if (found) onChange(found.value);
        }}
      >
        {options.map((o) => (
          <option key={String(o.value)} value={String(o.value)}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

function CheckList<T extends string | number>({
  options,
  values,
  onChange,
}: {
  options: readonly { value: T; label: string }[];
  values: readonly T[];
  onChange: (v: T[]) => void;
}) {
  return (
    <div className="filter-checks">
      {options.map((o) => (
        <label key={String(o.value)}>
          <input
            type="checkbox"
            checked={values.includes(o.value)}
            onChange={(e) =>
              onChange(e.target.checked ? [...values, o.value] : values.filter((v) => v !== o.value))
            }
          />{' '}
          {o.label}
        </label>
      ))}
    </div>
  );
}

const words = (code: string) => code.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
const choicesOf = <T extends string>(codes: readonly T[]) =>
  codes.map((value) => ({ value, label: words(value) }));
const MA_TYPES: readonly { value: MaType; label: string }[] = [
  { value: MaType.Sma, label: 'SMA' },
  { value: MaType.Ema, label: 'EMA' },
];

/** The keys of V that hold a number which may be open (null). */
type OpenNumberKey<V> = {
  [K in keyof V]-?: V[K] extends number | null ? (null extends V[K] ? K : never) : never;
}[keyof V];
/** The keys of V that hold a number which must be given. */
type RequiredNumberKey<V> = { [K in keyof V]-?: V[K] extends number ? K : never }[keyof V];

/**
 * One numeric parameter of an indicator, typed by the value's own key: an open bound reads blank
 * as null (Any); a required parameter has no Any, so blank stays in the draft as not a number
 * and Apply refuses it.
 */
function ParamNumber<K extends string, V extends Readonly<Record<K, number | null>>>({
  label,
  value,
  field,
  required,
  onChange,
}: {
  label: string;
  value: V;
  onChange: (next: V) => void;
} & (
  | { field: K & OpenNumberKey<V>; required?: false }
  | { field: K & RequiredNumberKey<V>; required: true }
)) {
  return (
    <NumberField
      label={label}
      value={value[field]}
      required={required}
      onChange={(n) => onChange({ ...value, [field]: n ?? (required ? Number.NaN : null) })}
    />
  );
}

/** One choice parameter of an indicator (its behaviour or average), typed by the value's key. */
function ParamChoice<K extends string, V extends Readonly<Record<K, string>>>({
  label,
  value,
  field,
  options,
  onChange,
}: {
  label: string;
  value: V;
  field: K;
  options: readonly { value: V[K]; label: string }[];
  onChange: (next: V) => void;
}) {
  return (
    <Select<V[K]>
      label={label}
      value={value[field]}
      options={options}
      onChange={(v) => onChange({ ...value, [field]: v })}
    />
  );
}

/** An indicator's Behavior parameter: one of `codes`, each shown in words. */
function BehaviorChoice<V extends Readonly<Record<'behavior', string>>>({
  value,
  codes,
  onChange,
}: {
  value: V;
  codes: readonly V['behavior'][];
  onChange: (next: V) => void;
}) {
  return (
    <ParamChoice
      label="Behavior"
      value={value}
      field="behavior"
      options={choicesOf(codes)}
      onChange={onChange}
    />
  );
}

type Crossover = MaCrossoverValue | MacdValue;

/** Each crossover indicator's behaviours, in the menu's order. */
const CROSSOVER_BEHAVIORS: {
  readonly [T in Crossover['type']]: readonly Extract<Crossover, { type: T }>['behavior'][];
} = {
  ma_crossover: ['fast_above', 'fast_below', 'golden_cross', 'death_cross'],
  macd: ['bullish_cross', 'bearish_cross', 'histogram_positive', 'histogram_negative'],
};

/**
 * The two crossover indicators' parameters: the moving averages' type, or MACD's signal length
 * after the fast and slow lengths, the behaviour, and the days it happened within.
 */
function CrossoverParams({ value, onChange }: Edit<Crossover>) {
  return (
    <>
      {value.type === 'ma_crossover' && (
        <ParamChoice label="Average" value={value} field="maType" options={MA_TYPES} onChange={onChange} />
      )}
      <ParamNumber label="Fast" value={value} field="fast" required onChange={onChange} />
      <ParamNumber label="Slow" value={value} field="slow" required onChange={onChange} />
      {value.type === 'macd' && (
        <ParamNumber label="Signal" value={value} field="signal" required onChange={onChange} />
      )}
      <BehaviorChoice value={value} codes={CROSSOVER_BEHAVIORS[value.type]} onChange={onChange} />
      <ParamNumber label="Within days" value={value} field="withinDays" required onChange={onChange} />
    </>
  );
}

/** Parameter fields of an indicator filter, in one wrapping row (new fields for another indicator). */
function IndicatorFields(props: Edit<IndicatorValue>) {
  return (
    <div className="filter-row wrap">
      <IndicatorParams key={props.value.type} {...props} />
    </div>
  );
}

/** Each indicator's parameters. */
function IndicatorParams({ value, onChange }: Edit<IndicatorValue>) {
  switch (value.type) {
    case 'rsi':
      return (
        <>
          <ParamNumber label="Length" value={value} field="length" required onChange={onChange} />
          <BehaviorChoice value={value} codes={['above', 'below', 'between']} onChange={onChange} />
          {value.behavior !== 'below' && (
            <ParamNumber label="From" value={value} field="from" onChange={onChange} />
          )}
          {value.behavior !== 'above' && (
            <ParamNumber label="To" value={value} field="to" onChange={onChange} />
          )}
        </>
      );
    case 'ma':
      return (
        <>
          <ParamChoice label="Average" value={value} field="maType" options={MA_TYPES} onChange={onChange} />
          <ParamNumber label="Length" value={value} field="length" required onChange={onChange} />
          <BehaviorChoice value={value} codes={['price_above', 'price_below']} onChange={onChange} />
          <ParamNumber label="Distance from (%)" value={value} field="from" onChange={onChange} />
          <ParamNumber label="Distance to (%)" value={value} field="to" onChange={onChange} />
        </>
      );
    case 'ma_percentile':
      return (
        <>
          <ParamChoice label="Average" value={value} field="maType" options={MA_TYPES} onChange={onChange} />
          <ParamNumber label="Length" value={value} field="length" required onChange={onChange} />
          <ParamNumber label="Lookback" value={value} field="lookback" required onChange={onChange} />
          <ParamNumber label="From (%)" value={value} field="from" onChange={onChange} />
          <ParamNumber label="To (%)" value={value} field="to" onChange={onChange} />
        </>
      );
    case 'ma_crossover':
    case 'macd':
      return <CrossoverParams value={value} onChange={onChange} />;
    case 'stochastic':
      return (
        <>
          <ParamNumber label="%K length" value={value} field="kLength" required onChange={onChange} />
          <ParamNumber label="%K smoothing" value={value} field="kSmoothing" required onChange={onChange} />
          <ParamNumber label="%D length" value={value} field="dLength" required onChange={onChange} />
          <BehaviorChoice value={value} codes={['overbought', 'oversold']} onChange={onChange} />
          <ParamNumber label="Level" value={value} field="level" required onChange={onChange} />
        </>
      );
    case 'bollinger':
      return (
        <>
          <ParamNumber label="Length" value={value} field="length" required onChange={onChange} />
          <ParamNumber label="Std. devs" value={value} field="stdDevs" required onChange={onChange} />
          <BehaviorChoice
            value={value}
            codes={['above_upper', 'below_lower', 'inside', 'between']}
            onChange={onChange}
          />
          {value.behavior === 'between' && (
            <ParamNumber label="%B from" value={value} field="from" onChange={onChange} />
          )}
          {value.behavior === 'between' && (
            <ParamNumber label="%B to" value={value} field="to" onChange={onChange} />
          )}
        </>
      );
  }
}

function UniverseField({ value, onChange }: Edit<readonly (string | number)[]>) {
  const universes = useQuery(universesQuery());
  const options = [
    { value: 0, label: 'Choose a universe' },
    ...(universes.data ?? []).map((u) => ({ value: u.universe_id, label: `${u.name} (${u.group})` })),
  ];
  return (
    <Select<number>
      label="Universe"
      value={typeof value[0] === 'number' ? value[0] : 0}
      options={options}
      // Universe mode allows one universe (spec 2 §3.5).
      onChange={(id) => onChange(id === 0 ? [] : [id])}
    />
  );
}

/**
 * A symbol list typed as text: the text stays as typed, the value is always a list (upper case,
 * no repeats, split on commas, semicolons and spaces), so the summary and the Apply check read a
 * list whatever is half-typed.
 */
function SymbolsField({ value, onChange }: Edit<readonly (string | number)[]>) {
  const [text, setText] = useState(value.join(', '));
  return (
    <label className="filter-field">
      <span>Symbols (separated by commas, semicolons or spaces)</span>
      <textarea
        className="app-input"
        aria-label="Symbols"
        rows={3}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          onChange(parseSymbolList(e.target.value) ?? []);
        }}
      />
    </label>
  );
}

const SHIFT_UNITS = Object.values(ShiftUnit).map((value) => ({ value, label: SHIFT_UNIT_LABELS[value] }));
const SHIFT_FIELD_SUFFIX: Readonly<Record<string, string>> = {
  abs: ' ($)',
  atr: ' (ATR)',
  std: ' (std. dev.)',
};

function ValueFields({
  def,
  value,
  onChange,
  asOfMs,
}: { def: FilterDefinition; asOfMs: number } & Edit<FilterValue>) {
  switch (value.type) {
    case 'range':
    case 'probability':
      return <RangeFields def={def} value={value} onChange={(r) => onChange({ ...value, ...r })} />;
    case 'range_or_closest':
    case 'leg_delta': {
      const mode = (
        <Select
          label="Mode"
          value={value.mode}
          options={[
            { value: 'range', label: 'Range' },
            { value: 'closest', label: 'Closest to a target' },
          ]}
          onChange={(m) =>
            onChange(
              m === 'closest'
                ? {
                    type: value.type,
                    mode: 'closest',
                    target: value.mode === 'range' ? (value.min ?? value.max ?? 0) : value.target,
                  }
                : { type: value.type, mode: 'range', min: null, max: null },
            )
          }
        />
      );
      return (
        <>
          {mode}
          {value.mode === 'range' ? (
            <RangeFields def={def} value={value} onChange={(r) => onChange({ ...value, ...r })} />
          ) : (
            <NumberField
              label={`Target${UNIT_SUFFIX[def.unit] ?? ''}`}
              value={toShown(def, value.target)}
              onChange={(n) => onChange({ ...value, target: fromShown(def, n) ?? 0 })}
            />
          )}
        </>
      );
    }
    case 'equals':
      return (
        <Select<string | number>
          label={def.label}
          value={value.value}
          options={def.choices.flatMap((c) => (c.value === null ? [] : [{ value: c.value, label: c.label }]))}
          onChange={(v) => onChange({ ...value, value: v })}
        />
      );
    case 'boolean':
      return (
        <Select<string>
          label={def.label}
          value={value.value ? 'yes' : 'no'}
          options={[
            { value: 'yes', label: 'Yes' },
            { value: 'no', label: 'No' },
          ]}
          onChange={(v) => onChange({ ...value, value: v === 'yes' })}
        />
      );
    case 'any_of':
    case 'none_of':
      if (def.itemKind === 'id')
        return <UniverseField value={value.values} onChange={(values) => onChange({ ...value, values })} />;
      return <SymbolsField value={value.values} onChange={(values) => onChange({ ...value, values })} />;
    case 'choice_map':
      return (
        <CheckList<string>
          options={def.choices.flatMap((c) =>
            typeof c.value === 'string' ? [{ value: c.value, label: c.label }] : [],
          )}
          values={value.values}
          onChange={(values) => onChange({ ...value, values })}
        />
      );
    case 'sector':
      return (
        <CheckList<number>
          options={SECTORS.map((s) => ({ value: s.code, label: s.name }))}
          values={value.values}
          onChange={(values) => onChange({ ...value, values })}
        />
      );
    case 'date_range':
      return (
        <>
          <div className="filter-row">
            <Select
              label="Dates"
              value={value.mode}
              options={[
                { value: 'relative', label: 'Days from today (rolling)' },
                { value: 'frozen', label: 'Fixed dates' },
              ]}
              onChange={(m) =>
                onChange(
                  m === 'frozen' && value.mode === 'relative'
                    ? freezeDateRange(value, asOfMs)
                    : { type: 'date_range', mode: 'relative', from: 0, to: 30 },
                )
              }
            />
          </div>
          {value.mode === 'relative' ? (
            <div className="filter-row" key="relative">
              <NumberField
                label="From (days)"
                value={value.from}
                onChange={(n) => onChange({ ...value, from: n })}
              />
              <NumberField
                label="To (days)"
                value={value.to}
                onChange={(n) => onChange({ ...value, to: n })}
              />
            </div>
          ) : (
            <div className="filter-row" key="frozen">
              {(['from', 'to'] as const).map((end) => (
                <label className="filter-field" key={end}>
                  <span>{end === 'from' ? 'From' : 'To'}</span>
                  <input
                    type="date"
                    className="app-input"
                    aria-label={end === 'from' ? 'From date' : 'To date'}
                    value={value[end] ?? ''}
                    onChange={(e) => onChange({ ...value, [end]: e.target.value || null })}
                  />
                </label>
              ))}
            </div>
          )}
        </>
      );
    case 'scenario':
      return (
        <>
          <div className="filter-row">
            <NumberField
              label={`Move${SHIFT_FIELD_SUFFIX[value.unit] ?? ' (%)'}`}
              value={isPercentShift(value.unit) ? Number((value.shift * 100).toFixed(2)) : value.shift}
              onChange={(n) =>
                onChange({
                  ...value,
                  shift: n === null ? 0 : isPercentShift(value.unit) ? n / 100 : n,
                })
              }
            />
            <Select
              label="Measured as"
              value={value.unit}
              options={SHIFT_UNITS}
              onChange={(unit) => onChange({ ...value, unit })}
            />
          </div>
          <RangeFields def={def} value={value} onChange={(r) => onChange({ ...value, ...r })} />
        </>
      );
    default:
      return <IndicatorFields value={value} onChange={onChange} />;
  }
}

/** The filter's popup: confirm applies (once the catalogue accepts the value), cancel reverts. */
export function FilterDialog({
  filterKey,
  def,
  title,
  value,
  asOfMs,
  onApply,
  onClose,
}: {
  filterKey: string;
  def: FilterDefinition;
  title: string;
  value: FilterValue;
  asOfMs: number;
  onApply: (value: FilterValue) => void;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<FilterValue>(value);
  const [error, setError] = useState<string | null>(null);
  const apply = () => {
    const checked = validateFilter(filterKey, draft, def);
    if ('error' in checked) setError(checked.error);
    else onApply(checked.value);
  };
  return (
    <Dialog
      title={title}
      onClose={onClose}
      actions={
        <>
          <Button fill="clear" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={apply}>Apply</Button>
        </>
      }
    >
      <div className="filter-editor" data-filter={filterKey}>
        <p className="hint">{def.help}</p>
        <ValueFields
          def={def}
          value={draft}
          asOfMs={asOfMs}
          onChange={(next) => {
            setDraft(next);
            setError(null);
          }}
        />
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
      </div>
    </Dialog>
  );
}
