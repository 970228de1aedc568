/**
 * The scan definition panel (spec 2 §2.3, §4.3, §4.4, §9.2): the grouped strategy picker (the
 * ratio and custom strategies open their editor when chosen again), the Bid/Ask Level, ADD
 * FILTERS (its dialog loads on opening), and the active filters with the scenarios
 * (`ActiveFilters.tsx`, loaded when the list is open; on a phone it starts folded).
 */
import { useState } from 'react';
import type { ScanCustomLeg } from '#api/screener-model.ts';
import { LineIcon } from '#app/components/LineIcon.tsx';
import { loadable, useLoadable } from '#app/components/OnDemand.tsx';
import { StrategyIcon } from '#app/components/StrategyIcon.tsx';
import { BID_ASK_LEVELS } from '#domain/metrics/bid-ask.ts';
import { STRATEGIES, strategiesInGroup } from '#domain/strategies/catalogue.ts';
import { STRATEGY_GROUPS } from '#domain/strategies/definition.ts';
import type { ScreenerStrategyKey } from '#domain/strategies/strategy-key.ts';
import { Button, Menu, MenuItem, Spinner } from './controls.tsx';
import { AddFiltersDialog, CustomLegsDialog, RatioDialog } from './LazyEditors.tsx';
import { DEFAULT_RATIO, type ScanDraft } from './scan-draft.ts';
import { WALKTHROUGH_TARGETS } from './walkthrough/walkthrough-steps.ts';

/** The phone layout's width (spec 2 §9.5), as the stylesheets have it. */
const PHONE_QUERY = '(max-width: 768px)';

/**
 * On a phone the filters start folded, so the results show in the first screen (the panel comes
 * before them there).
 */
const filtersStartFolded = (): boolean => window.matchMedia?.(PHONE_QUERY).matches ?? false;

const activeFilters = loadable(() => import('./ActiveFilters.tsx').then((m) => m.ActiveFilters));
// Open from the start, the list's code loads with the page's, not after the panel renders.
if (typeof window !== 'undefined' && !filtersStartFolded()) void activeFilters.load();

export const REQUEST_STRATEGY_MAIL = 'mailto:support@optionscout.app?subject=Strategy%20request';

export interface PanelProps {
  draft: ScanDraft;
  /** The definition changed; `rerun` when the spec reruns the scan on it (a strategy change). */
  onChange: (draft: ScanDraft, rerun?: boolean) => void;
  onStrategy: (strategy: ScreenerStrategyKey) => void;
  /** The market instant of the last results (freezing a date filter uses it). */
  asOfMs: number;
  /** Legs the plan allows in a custom strategy. */
  planMax: number;
  /** The server's refusal of the custom legs (INVALID_STRATEGY_LEGS), until they are edited. */
  legsRefusal: string | null;
  readOnly?: boolean;
}

function StrategyPicker({
  strategy,
  onPick,
  onEdit,
}: {
  strategy: ScreenerStrategyKey;
  onPick: (key: ScreenerStrategyKey) => void;
  onEdit: () => void;
}) {
  const [anchor, setAnchor] = useState<Element | null>(null);
  const chosen = STRATEGIES[strategy];
  const pick = (run: () => void) => {
    setAnchor(null);
    run();
  };
  return (
    <div className="strategy-picker" data-walkthrough={WALKTHROUGH_TARGETS.strategy}>
      <button
        type="button"
        className="strategy-current"
        aria-label={`Strategy: ${chosen.title}`}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <StrategyIcon strategy={strategy} />
        <span>{chosen.title}</span>
        <LineIcon name="chevronDown" />
      </button>
      {chosen.editor && (
        <Button fill="clear" onClick={onEdit}>
          Change
        </Button>
      )}
      {anchor && (
        <Menu anchor={anchor} label="Strategies" className="strategy-menu" onClose={() => setAnchor(null)}>
          {STRATEGY_GROUPS.map((group) => (
            <div key={group}>
              <p className="menu-group">{group}</p>
              {strategiesInGroup(group)
                .filter((s) => s.screener)
                .map((s) => (
                  <MenuItem
                    key={s.key}
                    className={s.key === strategy ? 'selected' : undefined}
                    onSelect={() =>
                      pick(() =>
                        s.key === strategy && s.editor ? onEdit() : onPick(s.key as ScreenerStrategyKey),
                      )
                    }
                  >
                    <StrategyIcon strategy={s.key} />
                    <span className="menu-label">
                      {s.title}
                      {s.key === strategy && s.editor ? ' · Change' : ''}
                    </span>
                  </MenuItem>
                ))}
            </div>
          ))}
          <p className="menu-foot">
            Missing a strategy? <a href={REQUEST_STRATEGY_MAIL}>Ask for it</a>
          </p>
        </Menu>
      )}
    </div>
  );
}

export function DefinitionPanel({
  draft,
  onChange,
  onStrategy,
  asOfMs,
  planMax,
  legsRefusal,
  readOnly = false,
}: PanelProps) {
  const [adding, setAdding] = useState(false);
  const [strategyEditor, setStrategyEditor] = useState(false);
  const [collapsed, setCollapsed] = useState(filtersStartFolded);
  const ActiveFilters = useLoadable(activeFilters, !collapsed);
  const editor = STRATEGIES[draft.strategy].editor;
  return (
    <aside className="definition-panel" aria-label="Scan definition">
      <StrategyPicker strategy={draft.strategy} onPick={onStrategy} onEdit={() => setStrategyEditor(true)} />
      {draft.ratio && (
        <p className="hint">
          Ratio {draft.ratio.long} long : {draft.ratio.short} short
        </p>
      )}
      {draft.legs && (
        <p className="hint">
          {draft.legs.length} custom leg{draft.legs.length === 1 ? '' : 's'}
        </p>
      )}
      {legsRefusal && (
        <p className="field-error" role="alert">
          {legsRefusal}
        </p>
      )}
      <label className="filter-field">
        <span>Bid/Ask Level</span>
        <select
          className="app-select"
          aria-label="Bid/Ask Level"
          value={String(draft.bidAskLevel)}
          onChange={(e) => onChange({ ...draft, bidAskLevel: Number(e.target.value) })}
        >
          {BID_ASK_LEVELS.map((l) => (
            <option key={l.value} value={String(l.value)}>
              {l.label}
            </option>
          ))}
        </select>
      </label>
      <div className="panel-head">
        <button
          type="button"
          className="text-button"
          aria-expanded={!collapsed}
          onClick={() => setCollapsed(!collapsed)}
        >
          <LineIcon name={collapsed ? 'chevronRight' : 'chevronDown'} /> Filters
          {collapsed && ` (${Object.keys(draft.filters).length})`}
        </button>
        <Button
          fill="outline"
          onClick={() => setAdding(true)}
          data-walkthrough={WALKTHROUGH_TARGETS.addFilters}
        >
          ADD FILTERS
        </Button>
      </div>
      {!collapsed &&
        (ActiveFilters ? (
          <ActiveFilters draft={draft} onChange={onChange} asOfMs={asOfMs} readOnly={readOnly} />
        ) : (
          <Spinner label="Loading filters" />
        ))}
      {adding && <AddFiltersDialog draft={draft} onChange={onChange} onClose={() => setAdding(false)} />}
      {strategyEditor && editor === 'custom' && (
        <CustomLegsDialog
          legs={draft.legs ?? []}
          planMax={planMax}
          onCancel={() => setStrategyEditor(false)}
          onDone={(legs: ScanCustomLeg[]) => {
            onChange({ ...draft, legs }, true);
            setStrategyEditor(false);
          }}
        />
      )}
      {strategyEditor && editor === 'ratio' && (
        <RatioDialog
          ratio={draft.ratio ?? DEFAULT_RATIO}
          onCancel={() => setStrategyEditor(false)}
          onDone={(ratio) => {
            onChange({ ...draft, ratio }, true);
            setStrategyEditor(false);
          }}
        />
      )}
    </aside>
  );
}
