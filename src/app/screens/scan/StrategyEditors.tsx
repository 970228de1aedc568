/**
 * The two strategy editors (spec 2 §2.3, §4.3, §5): the custom strategy's legs and the ratio
 * spread's counts. Done commits and closes when the legs are usable; Cancel discards.
 */
import { useState } from 'react';
import type { ScanCustomLeg } from '#api/screener-model.ts';
import { Dialog } from '#app/components/Dialog.tsx';
import { Button } from './controls.tsx';
import { parseNumber } from './filter-view.ts';
import {
  additionBlock,
  addLeg,
  customLegsIssues,
  type LegAddition,
  OPTION_QUANTITIES,
  ratioIssue,
  removeLeg,
  STOCK_QUANTITIES,
  withSide,
  withSize,
} from './strategy-editors.ts';

function DialogActions({ onCancel, onDone }: { onCancel: () => void; onDone: () => void }) {
  return (
    <>
      <Button fill="clear" onClick={onCancel}>
        Cancel
      </Button>
      <Button onClick={onDone}>Done</Button>
    </>
  );
}

function LegRow({
  leg,
  first,
  onChange,
  onRemove,
}: {
  leg: ScanCustomLeg;
  first: boolean;
  onChange: (leg: ScanCustomLeg) => void;
  onRemove: () => void;
}) {
  const buy = leg.quantity > 0;
  const sizes = leg.kind === 'stock' ? STOCK_QUANTITIES : OPTION_QUANTITIES;
  return (
    <li className="leg-row">
      <button
        type="button"
        className={`chip${buy ? ' selected' : ''}`}
        onClick={() => onChange(withSide(leg, !buy))}
      >
        {buy ? 'BUY' : 'SELL'}
      </button>
      <select
        className="app-select"
        aria-label="Quantity"
        value={Math.abs(leg.quantity)}
        onChange={(e) => onChange(withSize(leg, Number(e.target.value)))}
      >
        {sizes.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
      {leg.kind === 'stock' ? (
        <span className="leg-kind">Shares</span>
      ) : (
        <>
          <select
            className="app-select"
            aria-label="Type"
            value={leg.right}
            onChange={(e) => onChange({ ...leg, right: e.target.value === 'PUT' ? 'PUT' : 'CALL' })}
          >
            <option value="CALL">CALL</option>
            <option value="PUT">PUT</option>
          </select>
          {!first && (
            <select
              className="app-select"
              aria-label="Strike"
              value={leg.strike ?? 'greater'}
              onChange={(e) => onChange({ ...leg, strike: e.target.value === 'same' ? 'same' : 'greater' })}
            >
              <option value="same">Same as above</option>
              <option value="greater">Greater than above</option>
            </select>
          )}
          <span className="hint">Same expiration (more choices to come)</span>
        </>
      )}
      <Button fill="clear" aria-label="Remove leg" onClick={onRemove}>
        ✕
      </Button>
    </li>
  );
}

export function CustomLegsDialog({
  legs,
  planMax,
  onDone,
  onCancel,
}: {
  legs: readonly ScanCustomLeg[];
  /** Legs the user's plan allows (spec 2 §5, §6). */
  planMax: number;
  onDone: (legs: ScanCustomLeg[]) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState<ScanCustomLeg[]>([...legs]);
  const [block, setBlock] = useState<{ message: string; upgrade: boolean } | null>(null);
  const [issues, setIssues] = useState<string[]>([]);
  const firstOption = draft.findIndex((l) => l.kind === 'option');
  const add = (kind: LegAddition) => {
    const why = additionBlock(draft, kind, planMax);
    setBlock(why);
    if (!why) setDraft(addLeg(draft, kind));
  };
  const edit = (next: ScanCustomLeg[]) => {
    setDraft(next);
    setBlock(null);
    setIssues([]);
  };
  const done = () => {
    const found = customLegsIssues(draft, planMax);
    if (found.length > 0) setIssues(found);
    else onDone(draft);
  };
  return (
    <Dialog
      title="Custom Strategy"
      onClose={onCancel}
      actions={<DialogActions onCancel={onCancel} onDone={done} />}
    >
      <ol className="legs-editor">
        {draft.map((leg, i) => (
          <LegRow
            // Legs have no identity of their own; their position is it.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={i}
            leg={leg}
            first={i === firstOption}
            onChange={(next) => edit(draft.map((l, j) => (j === i ? next : l)))}
            onRemove={() => edit(removeLeg(draft, i))}
          />
        ))}
      </ol>
      <div className="filter-row">
        <Button fill="outline" onClick={() => add('option')}>
          Add option leg
        </Button>
        <Button fill="outline" onClick={() => add('stock')}>
          Add stock leg
        </Button>
      </div>
      {block && (
        <p className="field-error" role="alert">
          {block.message}
          {block.upgrade && (
            <>
              {' '}
              <a href="/pricing">Upgrade</a>
            </>
          )}
        </p>
      )}
      {issues.map((issue) => (
        <p key={issue} className="field-error" role="alert">
          {issue}
        </p>
      ))}
    </Dialog>
  );
}

export function RatioDialog({
  ratio,
  onDone,
  onCancel,
}: {
  ratio: { long: number; short: number };
  onDone: (ratio: { long: number; short: number }) => void;
  onCancel: () => void;
}) {
  const [long, setLong] = useState(String(ratio.long));
  const [short, setShort] = useState(String(ratio.short));
  const [issue, setIssue] = useState<string | null>(null);
  const done = () => {
    const l = parseNumber(long);
    const s = parseNumber(short);
    const why = ratioIssue(l, s);
    if (why !== null || l === null || s === null) setIssue(why);
    else onDone({ long: l, short: s });
  };
  const field = (label: string, value: string, set: (v: string) => void) => (
    <label className="filter-field">
      <span>{label}</span>
      <input
        className="app-input"
        inputMode="numeric"
        aria-label={label}
        value={value}
        onChange={(e) => {
          set(e.target.value);
          setIssue(null);
        }}
      />
    </label>
  );
  return (
    <Dialog
      title="Ratio Spread"
      onClose={onCancel}
      actions={<DialogActions onCancel={onCancel} onDone={done} />}
    >
      <div className="filter-row">
        {field('Long options', long, setLong)}
        {field('Short options', short, setShort)}
      </div>
      {issue && (
        <p className="field-error" role="alert">
          {issue}
        </p>
      )}
    </Dialog>
  );
}
