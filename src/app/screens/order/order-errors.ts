/**
 * What the order editor says about a failed call (spec 3 §8): the spec's wording for the
 * order codes, LEGS_MISMATCH followed by the strategy's description, the time-out text, and
 * 'An error has occurred. Please try again.' for anything else.
 */
import { GENERIC_ERROR_MESSAGE } from '#api/errors.ts';
import { ApiRequestError } from '#app/api/client.ts';
import { ERROR_CATALOGUE, PLAN_LIMIT_MESSAGES } from '#domain/errors.ts';
import { STRATEGIES } from '#domain/strategies/catalogue.ts';
import type { StrategyKey } from '#domain/strategies/strategy-key.ts';

export const EDITOR_MESSAGES: Readonly<Record<string, string>> = {
  LEGS_MISMATCH: ERROR_CATALOGUE.LEGS_MISMATCH.message,
  BAD_LEG_PRICE: ERROR_CATALOGUE.BAD_LEG_PRICE.message,
  NOT_TRADED_CONTRACT: ERROR_CATALOGUE.NOT_TRADED_CONTRACT.message,
  INDEX_NO_STOCK: ERROR_CATALOGUE.INDEX_NO_STOCK.message,
  PLAN_LIMIT_REACHED: PLAN_LIMIT_MESSAGES.trade,
  EXPORT_NOT_AVAILABLE: ERROR_CATALOGUE.EXPORT_NOT_AVAILABLE.message,
  POSITION_CLOSED: ERROR_CATALOGUE.POSITION_CLOSED.message,
  TRADE_ACCOUNT_DUPLICATE_NAME: ERROR_CATALOGUE.TRADE_ACCOUNT_DUPLICATE_NAME.message,
};

export const errorCode = (error: unknown): string | null =>
  error instanceof ApiRequestError ? error.code : null;

/** LEGS_MISMATCH's message followed by the strategy's description. */
export const legsMismatchText = (strategy: StrategyKey): string =>
  `${EDITOR_MESSAGES.LEGS_MISMATCH} ${STRATEGIES[strategy].hint}`;

/** The message for a failed editor call; LEGS_MISMATCH carries the strategy's description. */
export function errorText(error: unknown, strategy: StrategyKey | null): string {
  if (!(error instanceof ApiRequestError)) return GENERIC_ERROR_MESSAGE;
  if (error.code === 'TIMEOUT') return error.message;
  if (error.code === 'EXPORT_NOT_AVAILABLE') return error.message;
  const known = EDITOR_MESSAGES[error.code];
  if (!known) return GENERIC_ERROR_MESSAGE;
  if (error.code === 'LEGS_MISMATCH' && strategy) return legsMismatchText(strategy);
  return known;
}
