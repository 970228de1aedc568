/**
 * The scan definition panel (spec 2 §2.3, §4.3, §4.4, §9.2): the grouped strategy picker (the
 * ratio and custom strategies open their editor when chosen again), the Bid/Ask Level, ADD
 * FILTERS with a search over the strategy's filters, the active filters grouped by category
 * (each opens its editor, or is removed), and the scenarios with ADD SCENARIO.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ScanCustomLeg } from '#api/screener-model.ts';
import { Dialog } from '#app/components/Dialog.tsx';
import { LineIcon } from '#app/components/LineIcon.tsx';
import { StrategyIcon } from '#app/components/StrategyIcon.tsx';
import { scanFiltersQuery, universesQuery } from '#app/features/screener/queries.ts';
import { DATA_CATEGORY_ORDER } from '#domain/columns/categories.ts';
import { filterByName } from '#domain/filters/filter-catalogue.ts';
import type { FilterDefinition } from '#domain/filters/filter-definition.ts';
import type { FilterValue } from '#domain/filters/filter-value.ts';
import { BID_ASK_LEVELS } from '#domain/metrics/bid-ask.ts';
import { STRATEGIES, strategiesInGroup } from '#domain/strategies/catalogue.ts';
import { STRATEGY_GROUPS } from '#domain/strategies/definition.ts';
import type { ScreenerStrategyKey } from '#domain/strategies/strategy-key.ts';
import { Button, Menu, MenuItem } from './controls.tsx';
import { filterSummary, groupedFilters, indexLabel } from './filter-view.ts';
import { CustomLegsDialog, FilterDialog, RatioDialog } from './LazyEditors.tsx';
import {
  addFilter,
  addScenario,
  changeScenarioMetric,
  DEFAULT_RATIO,
  nextFilterKey,
  removeFilter,
  resolvedFilter,
  type ScanDraft,
  scenarioKeys,
  setFilter,
} from './scan-draft.ts';
import { INVALID_LEGS_MESSAGE } from './strategy-editors.ts';
import { WALKTHROUGH_TARGETS } from './walkthrough/walkthrough-steps.ts';

/** The phone layout's width (spec 2 §9.5), as the stylesheets have it. */
const PHONE_QUERY = '(max-width: 768px)';

export const HELP_FILTERS = 'https://optionscout.app/help/screener-filters';
export const HELP_STRATEGIES = 'https://optionscout.app/help/strategies';
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
  /** Set while the server refused the custom legs; cleared when they are edited. */
  legsRejected: boolean;
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

/** ADD FILTERS: the strategy's filters (from the server) with a search; a click toggles one. */
function AddFiltersDialog({
  draft,
  onChange,
  onClose,
}: {
  draft: ScanDraft;
  onChange: (draft: ScanDraft) => void;
  onClose: () => void;
}) {
  const offered = useQuery(scanFiltersQuery(draft.strategy));
  const [search, setSearch] = useState('');
  const needle = search.trim().toLowerCase();
  const defs = (offered.data?.filters ?? [])
    .map((name) => filterByName(name))
    .filter((d): d is FilterDefinition => d !== undefined && d.kind !== 'scenario')
    .filter(
      (d) => needle === '' || d.label.toLowerCase().includes(needle) || d.help.toLowerCase().includes(needle),
    );
  const activeNames = new Set(Object.keys(draft.filters).map((k) => resolvedFilter(k)?.def.name));
  return (
    <Dialog title="Add Filters" onClose={onClose} actions={<Button onClick={onClose}>Done</Button>}>
      <input
        className="app-input"
        type="search"
        placeholder="Search filters"
        aria-label="Search filters"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      <div className="filter-catalogue">
        {offered.isPending && <p className="hint">Loading...</p>}
        {offered.isSuccess && defs.length === 0 && <p className="hint">No filter matches.</p>}
        {DATA_CATEGORY_ORDER.map((category) => {
          const inGroup = defs.filter((d) => d.group === category);
          if (inGroup.length === 0) return null;
          return (
            <section key={category} aria-label={category}>
              <h3>{category}</h3>
              {inGroup.map((d) =>
                d.index === null ? (
                  <label key={d.name} className="filter-choice" title={d.help}>
                    <input
                      type="checkbox"
                      checked={d.name in draft.filters}
                      onChange={(e) =>
                        onChange(e.target.checked ? addFilter(draft, d.name) : removeFilter(draft, d.name))
                      }
                    />{' '}
                    {d.label}
                  </label>
                ) : (
                  <div key={d.name} className="filter-choice" title={d.help}>
                    <button
                      type="button"
                      className="text-button"
                      disabled={nextFilterKey(draft, d.name) === null}
                      onClick={() => onChange(addFilter(draft, d.name))}
                    >
                      + {d.label}
                    </button>
                    {activeNames.has(d.name) && <span className="hint"> (added)</span>}
                  </div>
                ),
              )}
            </section>
          );
        })}
      </div>
    </Dialog>
  );
}

interface Editing {
  readonly key: string;
}

function FilterRow({
  filterKey,
  def,
  index,
  value,
  strategy,
  readOnly,
  onEdit,
  onRemove,
  children,
}: {
  filterKey: string;
  def: FilterDefinition;
  index: number | null;
  value: FilterValue;
  strategy: ScreenerStrategyKey;
  readOnly: boolean;
  onEdit: () => void;
  onRemove: () => void;
  children?: React.ReactNode;
}) {
  const suffix = indexLabel(def, index, strategy);
  // An id list (the universe) is summarised by the names of its ids.
  const universes = useQuery({ ...universesQuery(), enabled: def.itemKind === 'id' });
  const universeName = (id: number) => universes.data?.find((u) => u.universe_id === id)?.name;
  return (
    <li className="active-filter" data-filter={filterKey}>
      <button type="button" className="filter-open" onClick={onEdit} disabled={readOnly} title={def.help}>
        <span className="filter-label">
          {def.label}
          {suffix && def.index !== 'scenario' ? ` (${suffix})` : ''}
        </span>
        <span className="filter-summary">{filterSummary(def, value, universeName)}</span>
      </button>
      {children}
      {!readOnly && (
        <Button fill="clear" aria-label={`Remove ${def.label}`} onClick={onRemove}>
          <LineIcon name="trash" />
        </Button>
      )}
    </li>
  );
}

const SCENARIO_METRICS = [
  'shift_pl_margin',
  'new_max_profit_at',
  'new_max_loss_at',
  'new_prob_profit_at',
  'new_prob_loss_at',
];

export function DefinitionPanel({
  draft,
  onChange,
  onStrategy,
  asOfMs,
  planMax,
  legsRejected,
  readOnly = false,
}: PanelProps) {
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [strategyEditor, setStrategyEditor] = useState(false);
  // On a phone the filters start folded, so the results show in the first screen (the panel
  // comes before them there).
  const [collapsed, setCollapsed] = useState(() => window.matchMedia?.(PHONE_QUERY).matches ?? false);
  const editor = STRATEGIES[draft.strategy].editor;
  const scenarios = scenarioKeys(draft);
  const editingFilter = editing ? resolvedFilter(editing.key) : undefined;
  const editingValue = editing ? draft.filters[editing.key] : undefined;
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
      {legsRejected && (
        <p className="field-error" role="alert">
          {INVALID_LEGS_MESSAGE}
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
      {!collapsed && (
        <div className="active-filters" data-walkthrough={WALKTHROUGH_TARGETS.defaultFilters}>
          {groupedFilters(draft.filters).map((group) => (
            <section key={group.category} className="filter-group" aria-label={group.category}>
              <h3>{group.category}</h3>
              <ul>
                {group.filters.map((f) => (
                  <FilterRow
                    key={f.key}
                    filterKey={f.key}
                    def={f.def}
                    index={f.index}
                    value={f.value}
                    strategy={draft.strategy}
                    readOnly={readOnly}
                    onEdit={() => setEditing({ key: f.key })}
                    onRemove={() => onChange(removeFilter(draft, f.key))}
                  />
                ))}
              </ul>
            </section>
          ))}
          <section className="filter-group" aria-label="Scenarios">
            <h3>Scenarios</h3>
            <ul>
              {scenarios.map((key) => {
                const r = resolvedFilter(key);
                const value = draft.filters[key];
                if (!r || !value) return null;
                return (
                  <FilterRow
                    key={key}
                    filterKey={key}
                    def={r.def}
                    index={r.index}
                    value={value}
                    strategy={draft.strategy}
                    readOnly={readOnly}
                    onEdit={() => setEditing({ key })}
                    onRemove={() => onChange(removeFilter(draft, key))}
                  >
                    <select
                      className="app-select narrow"
                      aria-label={`Scenario ${r.index} metric`}
                      value={r.def.name}
                      onChange={(e) => onChange(changeScenarioMetric(draft, key, e.target.value))}
                    >
                      {SCENARIO_METRICS.map((name) => (
                        <option key={name} value={name}>
                          {filterByName(name)?.label ?? name}
                        </option>
                      ))}
                    </select>
                  </FilterRow>
                );
              })}
            </ul>
            <button
              type="button"
              className="text-button"
              onClick={() => {
                const next = addScenario(draft);
                if (next) onChange(next);
              }}
            >
              ADD SCENARIO
            </button>
          </section>
          <p className="hint" data-walkthrough={WALKTHROUGH_TARGETS.help}>
            <a href={HELP_FILTERS} target="_blank" rel="noreferrer">
              About filters
            </a>{' '}
            ·{' '}
            <a href={HELP_STRATEGIES} target="_blank" rel="noreferrer">
              About strategies
            </a>
          </p>
        </div>
      )}
      {adding && <AddFiltersDialog draft={draft} onChange={onChange} onClose={() => setAdding(false)} />}
      {editing && editingFilter && editingValue && (
        <FilterDialog
          filterKey={editing.key}
          def={editingFilter.def}
          title={`${editingFilter.def.label}${editingFilter.index ? ` ${indexLabel(editingFilter.def, editingFilter.index, draft.strategy)}` : ''}`}
          value={editingValue}
          asOfMs={asOfMs}
          onApply={(value) => {
            onChange(setFilter(draft, editing.key, value));
            setEditing(null);
          }}
          onClose={() => setEditing(null)}
        />
      )}
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
