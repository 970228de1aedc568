/**
 * The results table (spec 2 §2.2, §4.5, §4.8, §9.3, §9.4): one row per ticker with its best
 * trade, expandable to the ticker's similar trades; the ticker column stays while the rest scroll
 * sideways and carries the event icons and the drill-down; each column title opens its sort
 * menu; a row (or its Analyze button) opens the Analyze panel.
 *
 * On a phone (768px or less, scan.css) each row is drawn as a card instead: the ticker with its
 * legs in one line, and the row's `figures` (its sort and filter columns) under their titles;
 * the column titles become a strip of sort buttons. One markup for both, so a card keeps all a
 * row does (similar trades, events, live values, the marks of unmet filters).
 */
import { Fragment, useState } from 'react';
import { isDirectionField } from '#api/hub.ts';
import { rowLegsLine } from '#api/scan-row-legs.ts';
import type { ScanGroupRow, ScanTradeRow } from '#api/scans.ts';
import { LiveCell } from '#app/live/LiveCell.tsx';
import type { LiveRow } from '#app/live/trade-merge.ts';
import type { ScreenerStrategyKey } from '#domain/strategies/strategy-key.ts';
import { cardFigures } from './card-figures.ts';
import { Menu, MenuItem } from './controls.tsx';
import { eventOutcome, lastExpirationOf, OUTCOME_TONE, type TickerEvent } from './event-icons.ts';
import { cellText, columnShowsFilter, columnTitle, isSortableColumn, ivRankTone } from './result-view.ts';
import type { SortPair } from './scan-draft.ts';
import { SORT_CHOICE_LABELS, type SortChoice, sortChoices, sortLevel } from './scan-sorting.ts';
import { type LiveCheckedFilter, unmetFilters } from './unmet-filters.ts';
import { WALKTHROUGH_TARGETS } from './walkthrough/walkthrough-steps.ts';

export const NARROW_TITLE = 'Narrow scan results to this ticker.';

const EVENT_LABEL: Record<TickerEvent, { letter: string; name: string }> = {
  earnings: { letter: 'E', name: 'Earnings' },
  dividend: { letter: 'D', name: 'Ex-dividend' },
};
const TONE_WORDS = { favorable: 'favorable', unfavorable: 'unfavorable', unclear: 'unclear' } as const;

function EventIcons({ row, today }: { row: ScanTradeRow; today: string }) {
  const last = lastExpirationOf(row.legs);
  const events: [TickerEvent, unknown][] = [
    ['earnings', row.values.earnings_date],
    ['dividend', row.values.divnqxdt],
  ];
  return (
    <>
      {events.map(([event, date]) => {
        const outcome = eventOutcome(row.strategy as ScreenerStrategyKey, event, date, last, today);
        if (outcome === null) return null;
        const tone = OUTCOME_TONE[outcome];
        const label = `${EVENT_LABEL[event].name} ${String(date)} (${TONE_WORDS[tone]} for this strategy)`;
        return (
          <span key={event} className={`event-icon ${tone}`} title={label} role="img" aria-label={label}>
            {EVENT_LABEL[event].letter}
          </span>
        );
      })}
    </>
  );
}

/** The mark of a row that live values carried past the scan's filters; the row stays put. */
function UnmetMark({ filters }: { filters: readonly LiveCheckedFilter[] }) {
  const label = `No longer matches the scan: ${filters.map((f) => f.text).join('; ')}`;
  return (
    <span className="unmet-mark" role="img" aria-label={label} title={label}>
      ≠
    </span>
  );
}

function SortHeader({
  columnKey,
  sorting,
  onSort,
}: {
  columnKey: string;
  sorting: readonly SortPair[];
  onSort: (key: string, choice: SortChoice) => void;
}) {
  const [anchor, setAnchor] = useState<Element | null>(null);
  const level = sortLevel(sorting, columnKey);
  const title = columnTitle(columnKey);
  const mark = level
    ? `${level.direction === 'asc' ? '▲' : '▼'}${sorting.length > 1 ? level.level : ''}`
    : '';
  if (!isSortableColumn(columnKey)) return <>{title}</>;
  return (
    <>
      <button
        type="button"
        className="sort-button"
        aria-label={`Sort by ${title}`}
        aria-haspopup="menu"
        onClick={(e) => {
          e.stopPropagation();
          setAnchor(e.currentTarget);
        }}
      >
        {title}
        {mark && <span className="sort-mark"> {mark}</span>}
      </button>
      {anchor && (
        <Menu anchor={anchor} label={`Sort by ${title}`} onClose={() => setAnchor(null)}>
          {sortChoices(sorting, columnKey).map((choice) => (
            <MenuItem
              key={choice}
              onSelect={() => {
                setAnchor(null);
                onSort(columnKey, choice);
              }}
            >
              {SORT_CHOICE_LABELS[choice]}
            </MenuItem>
          ))}
        </Menu>
      )}
    </>
  );
}

export interface TableProps {
  items: readonly (ScanGroupRow | ScanTradeRow)[];
  columns: readonly string[];
  /** The run's filters: their columns are among the figures a phone's card shows (card-figures.ts). */
  filters?: Readonly<Record<string, unknown>>;
  sorting: readonly SortPair[];
  narrowed: boolean;
  /** The results' market date (YYYY-MM-DD): events before it are not shown. */
  today: string;
  /** The run's filters live values can break: a row that fails one now is marked. */
  liveChecks: readonly LiveCheckedFilter[];
  onSort: (key: string, choice: SortChoice) => void;
  onNarrow: (symbol: string) => void;
  onAnalyze: (row: ScanTradeRow) => void;
}

export function ResultsTable({
  items,
  columns,
  filters = {},
  sorting,
  narrowed,
  today,
  liveChecks,
  onSort,
  onNarrow,
  onAnalyze,
}: TableProps) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  // The ticker has its own fixed first column.
  const rest = columns.filter((c) => c !== 'underlying');
  const figures = cardFigures(columns, sorting, filters);
  const toggle = (id: string) =>
    setOpen((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const row = (trade: ScanTradeRow, group: ScanGroupRow | null, similar: boolean) => {
    const expanded = group !== null && open.has(group.id);
    const more = group?.similar.length ?? 0;
    const unmet = unmetFilters(trade, liveChecks);
    return (
      <tr
        key={trade.id}
        className={`result-row card-row${similar ? ' similar' : ''}${unmet.length > 0 ? ' unmet' : ''}`}
        data-symbol={trade.underlying}
        data-trade-id={trade.id}
        onClick={() => onAnalyze(trade)}
      >
        <th scope="row" className="ticker-cell">
          <span className="ticker-line">
            {group && more > 0 ? (
              <button
                type="button"
                className="icon-button"
                data-walkthrough={WALKTHROUGH_TARGETS.similarTrades}
                aria-expanded={expanded}
                aria-label={`${expanded ? 'Hide' : 'Show'} similar trades of ${trade.underlying}`}
                onClick={(e) => {
                  e.stopPropagation();
                  toggle(group.id);
                }}
              >
                {expanded ? '▾' : '▸'}
              </button>
            ) : (
              <span className="icon-spacer" />
            )}
            <span className="ticker">{similar ? '' : trade.underlying}</span>
            {!similar && <EventIcons row={trade} today={today} />}
            {unmet.length > 0 && <UnmetMark filters={unmet} />}
            {!narrowed && !similar && (
              <button
                type="button"
                className="icon-button narrow-button"
                title={NARROW_TITLE}
                aria-label={NARROW_TITLE}
                onClick={(e) => {
                  e.stopPropagation();
                  onNarrow(trade.underlying);
                }}
              >
                ⌕
              </button>
            )}
          </span>
          <span className="legs-line">{rowLegsLine(trade)}</span>
          {group && more > 0 && !expanded && (
            <span className="similar-count">+{group.similarCount ?? `${more}+`} similar</span>
          )}
        </th>
        {rest.map((key) => {
          const text = cellText(trade, key);
          const figure = figures.indexOf(key);
          const classes = [
            figure >= 0 && 'card-figure',
            unmet.some((f) => columnShowsFilter(key, f)) && 'unmet-value',
          ].filter(Boolean);
          return (
            <td
              key={key}
              data-column={key}
              data-label={columnTitle(key)}
              className={classes.length > 0 ? classes.join(' ') : undefined}
              style={figure >= 0 ? { order: figure } : undefined}
            >
              {key === 'stock_iv_pr' && text !== '' ? (
                <span className={`badge ${ivRankTone(trade)}`}>{text}</span>
              ) : isDirectionField(key) ? (
                <LiveCell value={trade.values[key]} direction={(trade as LiveRow).changes?.[key]}>
                  {text}
                </LiveCell>
              ) : (
                text
              )}
            </td>
          );
        })}
        <td className="analyze-cell">
          <button
            type="button"
            className="text-button"
            onClick={(e) => {
              e.stopPropagation();
              onAnalyze(trade);
            }}
          >
            Analyze
          </button>
        </td>
      </tr>
    );
  };
  return (
    <div className="table-scroll" data-walkthrough={WALKTHROUGH_TARGETS.resultRow}>
      <table className="results-table card-table">
        <thead>
          <tr>
            <th scope="col">
              <SortHeader columnKey="underlying" sorting={sorting} onSort={onSort} />
            </th>
            {rest.map((key) => (
              <th
                key={key}
                scope="col"
                data-column={key}
                aria-sort={
                  sortLevel(sorting, key)?.direction === 'asc'
                    ? 'ascending'
                    : sortLevel(sorting, key)
                      ? 'descending'
                      : undefined
                }
              >
                <SortHeader columnKey={key} sorting={sorting} onSort={onSort} />
              </th>
            ))}
            <th scope="col">
              <span className="visually-hidden">Analyze</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => {
            const group = 'similar' in item ? item : null;
            return (
              <Fragment key={item.id}>
                {row(item, group, false)}
                {group && open.has(group.id) && group.similar.map((s) => row(s, null, true))}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
