/**
 * What the order form derives from its inputs, as pure functions: the field messages, the legs'
 * message, the spread price and Debit/Credit or Realized PL figures, and why Send To → Trade Log
 * is disabled. Cents are whole cents of the whole order (+ credit, − debit).
 */
import type { OrderAnswer, OrderLeg } from '#api/trades.ts';
import { ApiRequestError } from '#app/api/client.ts';
import { formatMoney } from '#domain/columns/number-format.ts';
import { ERROR_CATALOGUE } from '#domain/errors.ts';
import type { OrderMode, OrderModeRules } from '#domain/orders/order-modes.ts';
import { MIN_SIZE, type OrderIssue } from '#domain/orders/order-validation.ts';
import { priorEffectCents } from '#domain/orders/position-pl.ts';
import { accountEffectCents, debitCredit, strategyPriceCents } from '#domain/orders/strategy-price.ts';

/** Why Send To → Trade Log is disabled (the brokers' reason for legs that do not fit, so it shows once). */
export const ORDER_BLOCKS = {
  legsMismatch: ERROR_CATALOGUE.LEGS_MISMATCH.message,
  noAccount: 'Create a trading account above to log this trade.',
} as const;

/** '$1.50 Debit', '$2.00 Credit' or '$0.00'. */
export const effectText = (cents: number): string => {
  const kind = debitCredit(cents);
  if (kind === 'even') return '$0.00';
  return `${formatMoney(Math.abs(cents) / 100, 2)} ${kind === 'debit' ? 'Debit' : 'Credit'}`;
};

/**
 * The message of each field: the form's own checks first, then what a refused submit named
 * (its details), one message per field.
 */
export function fieldErrorsOf(issues: readonly OrderIssue[], submitError: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) if (issue.message) errors[issue.field] ??= issue.message;
  if (submitError instanceof ApiRequestError && submitError.details) {
    for (const [field, message] of Object.entries(submitError.details)) errors[field] ??= message;
  }
  return errors;
}

/** The message under the legs: about the legs as a whole, else the first about one leg. */
export const legsMessageOf = (fieldErrors: Readonly<Record<string, string>>): string | undefined =>
  fieldErrors.legs ?? Object.entries(fieldErrors).find(([f]) => /^legs\.\d+$/.test(f))?.[1];

export interface OrderFigures {
  /** One spread unit's price in cents, when the legs can be priced. */
  readonly spreadCents: number | null;
  /** The order's account effect in cents, when the legs and the size can be priced. */
  readonly effectCents: number | null;
  /** The cash the position's other orders already counted (adjusting or closing). */
  readonly priorCents: number;
}

export function orderFigures(
  sent: readonly OrderLeg[] | null,
  size: number,
  mode: OrderMode,
  stored: Pick<OrderAnswer, 'orderId' | 'proceeds'> | null,
): OrderFigures {
  // The domain's arithmetic needs whole, non-zero quantities and at least one leg.
  const priced =
    sent !== null && sent.length > 0 && sent.every((l) => Number.isInteger(l.quantity) && l.quantity !== 0);
  return {
    spreadCents: priced ? strategyPriceCents(sent) : null,
    effectCents: priced && Number.isInteger(size) && size >= MIN_SIZE ? accountEffectCents(sent, size) : null,
    priorCents: stored
      ? priorEffectCents(
          mode,
          stored.proceeds.map((p) => ({ orderId: String(p.orderId), amountCents: p.amountCents })),
          String(stored.orderId),
        )
      : 0,
  };
}

/** The Debit/Credit field, or for a closing or adjusted closed order the position's Realized PL. */
export function effectFieldText(effectField: OrderModeRules['effectField'], figures: OrderFigures): string {
  if (figures.effectCents === null) return '—';
  return effectField === 'realizedPl'
    ? formatMoney((figures.priorCents + figures.effectCents) / 100, 2)
    : effectText(figures.effectCents);
}

/** Why Trade Log is greyed out, when the form itself does not already say it. */
export function submitBlockOf(mismatch: boolean, noAccounts: boolean): string | null {
  if (mismatch) return ORDER_BLOCKS.legsMismatch;
  return noAccounts ? ORDER_BLOCKS.noAccount : null;
}
