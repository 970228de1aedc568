/**
 * Bid/ask levels and fill prices (spec 2 §9.2).
 *
 * A level L moves a fill from the mid toward the unfavourable side by L × (ask − bid):
 * a buy fills at mid + L·(ask − bid), a sell at mid − L·(ask − bid). L = 0.5 buys at the ask and
 * sells at the bid; L = −0.5 does the opposite. A strategy's fill is the sum of its legs' fills, so
 * it equals the combination's mid moved by L times the combination's bid-ask spread.
 */

export const BID_ASK_LEVELS = [
  { value: 0.5, label: 'Conservative' },
  { value: 0.25, label: '25% price improvement' },
  { value: 0, label: 'Mid' },
  { value: -0.25, label: '75% price improvement' },
  { value: -0.5, label: 'Best case' },
] as const;

export type BidAskLevel = (typeof BID_ASK_LEVELS)[number]['value'];

/** The subset the analyzer offers (mid, conservative, best case); its default is mid. */
export const ANALYZER_BID_ASK_LEVELS: readonly BidAskLevel[] = [0, 0.5, -0.5];

export const isBidAskLevel = (value: number): value is BidAskLevel =>
  BID_ASK_LEVELS.some((l) => l.value === value);

/** Fill price per share of one leg: `quantity` > 0 buys, < 0 sells (0 fills at the mid). */
export function fillPrice(bid: number, ask: number, quantity: number, level: number): number {
  const mid = (bid + ask) / 2;
  const move = level * (ask - bid);
  if (quantity > 0) return mid + move;
  if (quantity < 0) return mid - move;
  return mid;
}
