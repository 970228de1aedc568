/** What the broker exports read: an order's legs, size and whether it closes a position. */
import { DomainError } from '../errors.ts';
import type { SeriesByExpiration } from './expiration-series.ts';
import { type OrderLeg, underlyingOf } from './order-leg.ts';
import { CUSTOM_EXPORT_MESSAGE } from './order-modes.ts';
import { CUSTOM_STRATEGY, MAX_SIZE, MIN_SIZE, ORDER_MESSAGES } from './order-validation.ts';

export interface ExportOrder {
  readonly strategy: string;
  readonly legs: readonly OrderLeg[];
  /** Spread units. */
  readonly size: number;
  /** The order closes an open position (Tradier sides become '… to close'). */
  readonly closing?: boolean;
  /** The market's series of the legs' expirations; dates not named fall back to the calendar. */
  readonly series?: SeriesByExpiration;
}

/** Refuses what no broker export handles and returns the order's one underlying symbol. */
export function exportSymbol(order: ExportOrder): string {
  if (order.strategy === CUSTOM_STRATEGY) {
    throw new DomainError('EXPORT_NOT_AVAILABLE', { message: CUSTOM_EXPORT_MESSAGE });
  }
  if (order.legs.length === 0) throw new DomainError('NO_LEGS');
  if (!Number.isInteger(order.size) || order.size < MIN_SIZE) {
    throw new DomainError('VALIDATION_FAILED', { details: { size: ORDER_MESSAGES.size } });
  }
  if (order.size > MAX_SIZE) {
    throw new DomainError('VALIDATION_FAILED', { details: { size: ORDER_MESSAGES.sizeTooLarge } });
  }
  const symbol = underlyingOf(order.legs);
  if (symbol === undefined) {
    throw new DomainError('EXPORT_NOT_AVAILABLE', { message: 'All legs must trade the same underlying.' });
  }
  return symbol;
}
