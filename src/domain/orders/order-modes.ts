/**
 * The order editor's modes (spec 3 §4) as one table that the app and the server both read:
 * which fields can change, where limit prices start from, what the effect field shows, which
 * earlier cash counts, and whether the order can be exported, recalculated and charted.
 * Strategy-dependent rules come on top in `editableFields`.
 */
import { errorMessage } from '../errors.ts';
import { STOCK_STRATEGY_KEYS } from '../strategies/strategy-key.ts';
import { CUSTOM_STRATEGY } from './order-validation.ts';

export const OrderMode = {
  /** /order/edit without an id. */
  New: 'new',
  /** /order/open/{ticket}. */
  NewFromTicket: 'newFromTicket',
  /** /order/edit/{orderId} of an open position. */
  AdjustOpen: 'adjustOpen',
  /** /order/edit/{orderId} of a closed position. */
  AdjustClosed: 'adjustClosed',
  /** /order/close/{openingOrderId}. */
  Close: 'close',
} as const;
export type OrderMode = (typeof OrderMode)[keyof typeof OrderMode];

export interface OrderModeRules {
  readonly account: boolean;
  readonly symbol: boolean;
  readonly strategy: boolean;
  /** Add or remove legs and change a leg's type, right and side (custom strategy only). */
  readonly legStructure: boolean;
  /** Leg quantities (ratio spreads, custom, and the shares of long and short stock only). */
  readonly quantity: boolean;
  readonly expirationAndStrike: boolean;
  readonly limitPrice: boolean;
  readonly size: boolean;
  readonly comment: boolean;
  /** Legs are loaded with their sign reversed. */
  readonly legsReversed: boolean;
  /** Where limit prices start: the chain mid (0 if none), the ticket, the stored order, the mark prices. */
  readonly limitPriceFrom: 'chainMid' | 'ticket' | 'storedOrder' | 'markPrice';
  /** The stored comment is loaded into the form. */
  readonly commentCarried: boolean;
  /** 'Debit/Credit' for orders that open, 'Realized PL' for orders that close. */
  readonly effectField: 'debitCredit' | 'realizedPl';
  /** Earlier cash counted in the realized P/L: none, every proceed, or the other orders' proceeds. */
  readonly priorEffect: 'none' | 'allProceeds' | 'otherProceeds';
  /** Can be sent to a broker (still not for a custom strategy). */
  readonly exportable: boolean;
  /** The trade is recalculated whenever valid inputs change. */
  readonly autoRecalculate: boolean;
  /** The metrics strip, price chart and P/L profile are shown. */
  readonly showsMetrics: boolean;
}

const NEW: OrderModeRules = {
  account: true,
  symbol: true,
  strategy: true,
  legStructure: true,
  quantity: true,
  expirationAndStrike: true,
  limitPrice: true,
  size: true,
  comment: true,
  legsReversed: false,
  limitPriceFrom: 'chainMid',
  commentCarried: false,
  effectField: 'debitCredit',
  priorEffect: 'none',
  exportable: true,
  autoRecalculate: true,
  showsMetrics: true,
};

/** An existing order: account, symbol, strategy, legs, quantities, expirations, strikes and size are locked. */
const EXISTING: OrderModeRules = {
  ...NEW,
  account: false,
  symbol: false,
  strategy: false,
  legStructure: false,
  quantity: false,
  expirationAndStrike: false,
  size: false,
  limitPriceFrom: 'storedOrder',
  commentCarried: true,
};

export const ORDER_MODE_RULES: Readonly<Record<OrderMode, OrderModeRules>> = {
  new: NEW,
  newFromTicket: { ...NEW, limitPriceFrom: 'ticket' },
  adjustOpen: EXISTING,
  adjustClosed: {
    ...EXISTING,
    effectField: 'realizedPl',
    priorEffect: 'otherProceeds',
    exportable: false,
    autoRecalculate: false,
    showsMetrics: false,
  },
  close: {
    ...EXISTING,
    legsReversed: true,
    limitPriceFrom: 'markPrice',
    commentCarried: false,
    effectField: 'realizedPl',
    priorEffect: 'allProceeds',
    autoRecalculate: false,
    showsMetrics: false,
  },
};

/**
 * Strategies whose leg quantities the user sets: spec 3 §4's ratio spreads and custom, and the
 * analyzer's long and short stock, whose one leg is any whole number of 100-share lots.
 */
export const QUANTITY_EDITABLE_STRATEGIES: ReadonlySet<string> = new Set<string>([
  'call_ratio_spread',
  'put_ratio_spread',
  CUSTOM_STRATEGY,
  ...STOCK_STRATEGY_KEYS,
]);

export type EditableFields = Pick<
  OrderModeRules,
  | 'account'
  | 'symbol'
  | 'strategy'
  | 'legStructure'
  | 'quantity'
  | 'expirationAndStrike'
  | 'limitPrice'
  | 'size'
  | 'comment'
>;

export function editableFields(mode: OrderMode, strategy: string | null): EditableFields {
  const rules = ORDER_MODE_RULES[mode];
  return {
    account: rules.account,
    symbol: rules.symbol,
    strategy: rules.strategy,
    legStructure: rules.legStructure && strategy === CUSTOM_STRATEGY,
    quantity: rules.quantity && strategy !== null && QUANTITY_EDITABLE_STRATEGIES.has(strategy),
    expirationAndStrike: rules.expirationAndStrike,
    limitPrice: rules.limitPrice,
    size: rules.size,
    comment: rules.comment,
  };
}

export const CUSTOM_EXPORT_MESSAGE = 'This feature is not available for a custom strategy.';

/**
 * Whether Thinkorswim and Tradier are offered (spec 3 §2, §5): never for a custom strategy
 * (with the title the menu shows), nor for a closed order, nor while validation fails or the
 * server answered LEGS_MISMATCH or BAD_LEG_PRICE.
 */
export function exportAvailability(state: {
  readonly mode: OrderMode;
  readonly strategy: string | null;
  readonly valid: boolean;
  readonly serverError?: string | null | undefined;
}): { readonly available: boolean; readonly reason: string | null } {
  if (state.strategy === CUSTOM_STRATEGY) return { available: false, reason: CUSTOM_EXPORT_MESSAGE };
  if (!ORDER_MODE_RULES[state.mode].exportable) return { available: false, reason: null };
  if (state.serverError === 'LEGS_MISMATCH' || state.serverError === 'BAD_LEG_PRICE') {
    return { available: false, reason: errorMessage(state.serverError) };
  }
  return state.valid ? { available: true, reason: null } : { available: false, reason: null };
}
