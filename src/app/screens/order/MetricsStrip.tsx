/**
 * The metrics strip under the order form (spec 3 §2): the made trade's figures, for the whole
 * order (the metrics are per share of the legs as given: dollars × 100 × size). Which columns
 * show depends on the strategy: a covered call adds its called-away return, credit trades their
 * annualized return, limited-risk trades the reward/risk ratio. Shares alone have no expiration:
 * their probability of profit says the horizon it is measured at.
 */
import type { CalculatedTrade } from '#api/trades.ts';
import { formatMoney, formatNumber, formatPercent, MISSING_VALUE } from '#domain/columns/number-format.ts';
import { OPTION_MULTIPLIER } from '#domain/contracts/contract.ts';
import { isStockOnly, STOCK_HORIZON_DAYS } from '#domain/orders/stock-trade.ts';
import type { StrategyKey } from '#domain/strategies/strategy-key.ts';

export interface StripCell {
  readonly label: string;
  readonly value: string;
}

const pct = (x: number | null | undefined) => formatPercent(x, 1);

export function stripCells(strategy: StrategyKey, trade: CalculatedTrade): StripCell[] {
  const scale = OPTION_MULTIPLIER * trade.size;
  const money = (x: number | null | undefined, unlimited = false) =>
    unlimited ? 'Unlimited' : x === null || x === undefined ? MISSING_VALUE : formatMoney(x * scale, 2);
  const cells: StripCell[] = [
    { label: trade.price_type === 'credit' ? 'Credit' : 'Debit', value: money(trade.price) },
    { label: 'Max. Profit', value: money(trade.max_profit, trade.max_profit_unlimited) },
    { label: 'Max. Loss', value: money(trade.max_loss, trade.max_loss_unlimited) },
    {
      label: (trade.breakevens?.length ?? 0) > 1 ? 'Breakevens' : 'Breakeven',
      value: trade.breakevens?.length
        ? trade.breakevens.map((b) => formatMoney(b, 2)).join(' / ')
        : MISSING_VALUE,
    },
    {
      label: isStockOnly(trade.legs) ? `Prob. Profit (${STOCK_HORIZON_DAYS} days)` : 'Prob. Profit',
      value: pct(trade.prob_profit),
    },
    { label: 'Return', value: pct(trade.return_acquisition) },
  ];
  if (strategy === 'covered_call') {
    cells.push({ label: 'Called-away Return', value: pct(trade.covered_call_return_acquisition) });
  }
  if (trade.price_type === 'credit') {
    cells.push({ label: 'Return (Annualized)', value: pct(trade.return_acquisition_annualized) });
  }
  if (!trade.max_loss_unlimited && !trade.max_profit_unlimited && trade.spread_profit_ratio != null) {
    cells.push({ label: 'Reward/Risk', value: formatNumber(trade.spread_profit_ratio, 2) });
  }
  cells.push(
    { label: 'Margin', value: money(trade.margin) },
    {
      label: 'Delta',
      value: trade.delta === undefined ? MISSING_VALUE : formatNumber(trade.delta * scale, 1),
    },
    { label: 'Theta/day', value: money(trade.theta) },
  );
  return cells;
}

export function MetricsStrip({ strategy, trade }: { strategy: StrategyKey; trade: CalculatedTrade }) {
  return (
    <dl className="metrics-strip" aria-label="Trade metrics">
      {stripCells(strategy, trade).map((cell) => (
        <div key={cell.label}>
          <dt>{cell.label}</dt>
          <dd>{cell.value}</dd>
        </div>
      ))}
    </dl>
  );
}
