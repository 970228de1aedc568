/**
 * What the result cards show (spec 3 §2): per strategy the trade of the slider's slot, per scan
 * its best trade; the one-line leg summary, the metrics and the order ticket of the trade action.
 */
import type {
  ScenarioLeg,
  ScenarioRunScanAnswer,
  ScenarioStrategyResult,
  ScenarioTrade,
} from '#api/scenario.ts';
import { formatMoney, formatPercent, MISSING_VALUE } from '#domain/columns/number-format.ts';
import { encodeTicket } from '#domain/orders/ticket.ts';
import { STRATEGIES } from '#domain/strategies/catalogue.ts';
import { STOCK_STRATEGY_KEYS, type StrategyKey } from '#domain/strategies/strategy-key.ts';
import { shortDate } from './short-date.ts';

export interface ResultCard {
  readonly key: string;
  readonly title: string;
  /** The scan a Saved or Predefined card comes from (its link), else null. */
  readonly scanId: number | null;
  /** Null when the scan finds no trade for the symbol. */
  readonly trade: ScenarioTrade | null;
}

/** The slider's midpoint: at or below it the cards rank by return, above by probability of profit. */
const RETURN_SIDE_LAST_SLOT = 4;

/**
 * The Scenario view's cards: each strategy's trade at the slider's slot (0 the highest return,
 * 9 the highest probability of profit), strategies with no trade left out, ranked by what the
 * slider leans to.
 */
export function scenarioCards(results: readonly ScenarioStrategyResult[], slot: number): ResultCard[] {
  const cards = results.flatMap((r) => {
    const trade = r.slots[Math.min(slot, r.slots.length - 1)];
    return trade ? [{ key: r.strategy, title: STRATEGIES[r.strategy].title, scanId: null, trade }] : [];
  });
  const score = (t: ScenarioTrade) => (slot <= RETURN_SIDE_LAST_SLOT ? t.return : t.probProfit);
  return cards.sort((a, b) => score(b.trade) - score(a.trade));
}

/** The Saved and Predefined views' cards, one per scan, in the list's order. */
export const scanCards = (answers: readonly ScenarioRunScanAnswer[]): ResultCard[] =>
  answers.map((a) => ({ key: `scan-${a.scanId}`, title: a.scanName, scanId: a.scanId, trade: a.trade }));

const strikeText = (strike: number): string => String(Math.round(strike * 100) / 100);

/**
 * The legs on one line: the expiration (once when the legs share it), BUY or SELL, the quantity
 * when the option legs' quantities differ, the strike and C or P; stock as shares.
 * '18-DEC-26 BUY 760 C · SELL 780 C', 'BUY 100 shares · 18-DEC-26 SELL 210 C'.
 */
export function legSummary(legs: readonly ScenarioLeg[]): string {
  const options = legs.flatMap((l) => (l.contract.kind === 'option' ? [{ leg: l, option: l.contract }] : []));
  const dates = new Set(options.map((o) => o.option.expiration));
  const oneDate = dates.size === 1;
  const quantities = new Set(options.map((o) => Math.abs(o.leg.quantity)));
  const showQuantity = quantities.size > 1;
  let datePrinted = false;
  return legs
    .map((leg) => {
      const side = leg.quantity < 0 ? 'SELL' : 'BUY';
      const c = leg.contract;
      if (c.kind === 'stock') return `${side} ${Math.abs(leg.quantity)} shares`;
      const date = !oneDate || !datePrinted ? `${shortDate(c.expiration)} ` : '';
      datePrinted = true;
      const quantity = showQuantity ? `${Math.abs(leg.quantity)} ` : '';
      return `${date}${side} ${quantity}${strikeText(c.strike)} ${c.right === 'CALL' ? 'C' : 'P'}`;
    })
    .join(' · ');
}

const isStockStrategy = (key: StrategyKey): boolean =>
  (STOCK_STRATEGY_KEYS as readonly string[]).includes(key);

export interface CardMetric {
  readonly label: string;
  readonly text: string;
}

/** Dollars of a card: whole dollars, cents under $100 (a risk of $0.41 is not '$0'). */
const cardMoney = (x: number): string => formatMoney(x, Math.abs(x) < 100 ? 2 : 0);

/** Return, Risk, Expected P/L (P/L for stock), Prob. Profit (a dash when absent). */
export function cardMetrics(trade: ScenarioTrade): CardMetric[] {
  const probability = Number.isFinite(trade.probProfit) ? formatPercent(trade.probProfit, 1) : MISSING_VALUE;
  return [
    { label: 'Return', text: formatPercent(trade.return, 1) },
    { label: trade.riskKind === 'margin' ? 'Risk (margin)' : 'Risk', text: cardMoney(trade.risk) },
    {
      label: isStockStrategy(trade.strategy) ? 'P/L' : 'Expected P/L',
      text: cardMoney(trade.expectedPl),
    },
    { label: 'Prob. Profit', text: probability },
  ];
}

/** The trade action's path: a new order of one unit of the trade at the run's fills. */
export const tradePath = (trade: ScenarioTrade): string =>
  `/order/open/${encodeTicket({
    strategy: trade.strategy,
    legs: trade.legs.map((leg) => ({
      contractId: leg.contractId,
      quantity: leg.quantity,
      limitPrice: Math.round(leg.price * 100) / 100,
    })),
    size: 1,
  })}`;
