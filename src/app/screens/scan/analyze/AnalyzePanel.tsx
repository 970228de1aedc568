/**
 * The Analyze panel (spec 2 §2.4) for one scan result row: 'ANALYZE - {ticker}', tabs Strategy,
 * Stock and Options (the active one remembered in the user's settings), and a Trade button that
 * opens a new order for one unit of the trade, and "Show the math" for how its numbers are computed. At 768px or less it covers the screen as a modal;
 * wider, it is a side panel beside the results (analyze.css). Its charts load on first use.
 */
import { useState } from 'react';
import type { ScanTradeRow } from '#api/scans.ts';
import { AppLink } from '#app/components/AppLink.tsx';
import { useEscapeKey } from '#app/components/use-escape-key.ts';
import { ShowMathButton } from '#app/screens/show-math/ShowMathButton.tsx';
import { Spinner } from '../controls.tsx';
import {
  ANALYZE_TAB_LABELS,
  ANALYZE_TABS,
  type AnalyzeTab,
  explainRequestOf,
  tradePath,
} from './analyze-model.ts';
import { useAnalyzeTab } from './analyze-tab.ts';
import { OptionsTab } from './OptionsTab.tsx';
import { StockTab } from './StockTab.tsx';
import { StrategyTab } from './StrategyTab.tsx';
import './analyze.css';

export interface AnalyzePanelProps {
  /** A result row (a ticker's best trade or one of its similar trades). */
  row: ScanTradeRow;
  /** The scan's strategy key, written into the order ticket. */
  strategy: string;
  /** The scan's bid/ask level: "Show the math" fills the legs there. */
  bidAskLevel: number;
  onClose(): void;
}

const tabId = (tab: AnalyzeTab) => `analyze-tab-${tab}`;

export function AnalyzePanel({ row, strategy, bidAskLevel, onClose }: AnalyzePanelProps) {
  const [tab, setTab] = useAnalyzeTab();
  // One valuation instant per opened row keeps the profile steady across re-renders.
  const [nowMs] = useState(() => Date.now());
  useEscapeKey(onClose);
  const tradeHref = tradePath(row, strategy);
  const mathRequest = explainRequestOf(row, bidAskLevel);
  const title = `ANALYZE - ${row.underlying}`;
  return (
    <aside className="analyze-panel" role="dialog" aria-label={title}>
      <header className="analyze-header">
        <h2>{title}</h2>
        <div className="analyze-actions">
          {mathRequest && <ShowMathButton request={mathRequest} />}
          <AppLink className="analyze-trade" href={tradeHref}>
            Trade
          </AppLink>
          <a
            className="analyze-trade-new-tab"
            href={tradeHref}
            target="_blank"
            rel="noopener"
            aria-label="Trade in a new tab"
            title="Trade in a new tab"
          >
            ↗
          </a>
          <button type="button" className="analyze-close" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </div>
      </header>
      <div className="analyze-tabs" role="tablist" aria-label="Analyze">
        {ANALYZE_TABS.map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            id={tabId(t)}
            aria-selected={t === tab}
            aria-controls="analyze-tabpanel"
            className={t === tab ? 'analyze-tab active' : 'analyze-tab'}
            onClick={() => setTab(t)}
          >
            {ANALYZE_TAB_LABELS[t]}
          </button>
        ))}
      </div>
      <div
        className="analyze-body"
        role="tabpanel"
        id="analyze-tabpanel"
        aria-labelledby={tab === null ? undefined : tabId(tab)}
      >
        {tab === null && <Spinner label="Loading" />}
        {tab === 'strategy' && <StrategyTab row={row} nowMs={nowMs} />}
        {tab === 'stock' && <StockTab row={row} nowMs={nowMs} />}
        {tab === 'options' && <OptionsTab row={row} nowMs={nowMs} />}
      </div>
    </aside>
  );
}

/** For `lazy(() => import('./analyze/AnalyzePanel.tsx'))`. */
export default AnalyzePanel;
