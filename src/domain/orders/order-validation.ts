/**
 * Order editor validation (spec 3 §5). The structural checks run first and in this order,
 * stopping at the first failure: NO_SYMBOL, NO_STRATEGY, NO_LEGS, NOT_TRADED_CONTRACT. Then
 * every field rule is checked and all failures are reported together.
 */
import { type Contract, OPTION_MULTIPLIER } from '../contracts/contract.ts';
import { DomainError, PLAN_LIMIT_MESSAGES } from '../errors.ts';
import { isWholeCents } from './money.ts';

/** Option legs: 1 to 9 contracts. */
export const OPTION_QUANTITY = { min: 1, max: 9 } as const;
/** Stock legs: 1 to 9 lots of 100 shares, in steps of 100 (100 by default). */
export const STOCK_QUANTITY = {
  min: OPTION_MULTIPLIER,
  max: 9 * OPTION_MULTIPLIER,
  step: OPTION_MULTIPLIER,
} as const;
/** Limit price per share: at least 0.01, at most 2 decimals; the input's arrows step by 0.1. */
export const LIMIT_PRICE = { min: 0.01, decimals: 2, step: 0.1 } as const;
/**
 * An order's size in spread units: a whole number from MIN_SIZE to MAX_SIZE. The one bound of
 * every call that takes a size (submit, close, adjust, calculation, exports; docs/API.md), and
 * far inside what the stored size (a 32-bit integer) and the money figures hold.
 */
export const MIN_SIZE = 1;
export const MAX_SIZE = 100_000;

export const CUSTOM_STRATEGY = 'custom';
/** A custom strategy holds up to 4 option legs and 1 stock leg. */
export const CUSTOM_MAX_OPTION_LEGS = 4;
export const CUSTOM_MAX_STOCK_LEGS = 1;
export const CUSTOM_MAX_LEGS = CUSTOM_MAX_OPTION_LEGS + CUSTOM_MAX_STOCK_LEGS;

export type LegKind = Contract['kind'];

/** A leg as the editor holds it: the contract is null while no traded contract is chosen. */
export interface DraftLeg {
  readonly kind: LegKind;
  readonly contract: Contract | null;
  readonly quantity: number;
  /** As typed: a number, numeric text, or empty. */
  readonly limitPrice: unknown;
}

export interface OrderDraft {
  readonly symbol: string | null | undefined;
  readonly strategy: string | null | undefined;
  readonly legs: readonly DraftLeg[];
  /** As typed: a number, numeric text, or empty. */
  readonly size: unknown;
}

export const OrderIssueCode = {
  NoSymbol: 'NO_SYMBOL',
  NoStrategy: 'NO_STRATEGY',
  NoLegs: 'NO_LEGS',
  NotTradedContract: 'NOT_TRADED_CONTRACT',
  LimitPriceRequired: 'LIMIT_PRICE_REQUIRED',
  LimitPriceTooLow: 'LIMIT_PRICE_TOO_LOW',
  LimitPriceDecimals: 'LIMIT_PRICE_DECIMALS',
  SizeInvalid: 'SIZE_INVALID',
  OptionQuantityInvalid: 'OPTION_QUANTITY_INVALID',
  StockQuantityInvalid: 'STOCK_QUANTITY_INVALID',
  OneStockLeg: 'ONE_STOCK_LEG',
  TooManyOptionLegs: 'TOO_MANY_OPTION_LEGS',
  NeedsOptionLeg: 'NEEDS_OPTION_LEG',
  MixedExpirations: 'MIXED_EXPIRATIONS',
  PlanLegLimit: 'PLAN_LEG_LIMIT',
} as const;
export type OrderIssueCode = (typeof OrderIssueCode)[keyof typeof OrderIssueCode];

export interface OrderIssue {
  readonly code: OrderIssueCode;
  /** 'symbol', 'strategy', 'legs', 'size', 'legs.2.limitPrice', 'legs.0.quantity'. */
  readonly field: string;
  /** Empty for the silent structural checks (spec 3 §8). */
  readonly message: string;
}

export const ORDER_MESSAGES = {
  notTraded: 'All contracts must be traded.',
  limitPriceRequired: 'Limit price is required.',
  limitPriceTooLow: `Limit price must be at least ${LIMIT_PRICE.min}.`,
  limitPriceDecimals: `Limit price can have at most ${LIMIT_PRICE.decimals} decimals.`,
  size: `Size must be a whole number, at least ${MIN_SIZE}.`,
  sizeTooLarge: `Size can be at most ${MAX_SIZE.toLocaleString('en-US')}.`,
  optionQuantity: `Option quantity must be a whole number from ${OPTION_QUANTITY.min} to ${OPTION_QUANTITY.max}.`,
  stockQuantity: `Stock quantity must be ${STOCK_QUANTITY.min} to ${STOCK_QUANTITY.max} shares, in steps of ${STOCK_QUANTITY.step}.`,
  oneStockLeg: 'Only one stock leg is allowed.',
  tooManyOptionLegs: `Up to ${CUSTOM_MAX_OPTION_LEGS} option legs are allowed.`,
  needsOptionLeg: 'A custom strategy needs at least one option leg.',
  mixedExpirations: 'All legs must share the same expiration date.',
  planLegLimit: (max: number) =>
    `You have reached the maximum legs (${max}) allowed on your current subscription plan.`,
} as const;

const isBlank = (value: unknown): boolean =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/** Non-numeric price or size input counts as 0 (spec 3 §5). */
export function numericOrZero(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value.trim());
    return Number.isFinite(parsed) ? parsed : 0;
  }
  return 0;
}

function structuralIssue(draft: OrderDraft): OrderIssue | undefined {
  if (isBlank(draft.symbol)) return { code: OrderIssueCode.NoSymbol, field: 'symbol', message: '' };
  if (isBlank(draft.strategy)) return { code: OrderIssueCode.NoStrategy, field: 'strategy', message: '' };
  if (draft.legs.length === 0) return { code: OrderIssueCode.NoLegs, field: 'legs', message: '' };
  const untraded = draft.legs.findIndex((leg) => leg.contract === null);
  if (untraded >= 0) {
    return {
      code: OrderIssueCode.NotTradedContract,
      field: `legs.${untraded}`,
      message: ORDER_MESSAGES.notTraded,
    };
  }
  return undefined;
}

function limitPriceIssue(leg: DraftLeg, index: number): OrderIssue | undefined {
  const field = `legs.${index}.limitPrice`;
  if (isBlank(leg.limitPrice)) {
    return { code: OrderIssueCode.LimitPriceRequired, field, message: ORDER_MESSAGES.limitPriceRequired };
  }
  const price = numericOrZero(leg.limitPrice);
  if (price < LIMIT_PRICE.min) {
    return { code: OrderIssueCode.LimitPriceTooLow, field, message: ORDER_MESSAGES.limitPriceTooLow };
  }
  if (!isWholeCents(price)) {
    return { code: OrderIssueCode.LimitPriceDecimals, field, message: ORDER_MESSAGES.limitPriceDecimals };
  }
  return undefined;
}

function quantityIssue(leg: DraftLeg, index: number): OrderIssue | undefined {
  const field = `legs.${index}.quantity`;
  const amount = Math.abs(leg.quantity);
  if (leg.kind === 'option') {
    const ok = Number.isInteger(amount) && amount >= OPTION_QUANTITY.min && amount <= OPTION_QUANTITY.max;
    return ok
      ? undefined
      : { code: OrderIssueCode.OptionQuantityInvalid, field, message: ORDER_MESSAGES.optionQuantity };
  }
  const ok =
    Number.isInteger(amount) &&
    amount >= STOCK_QUANTITY.min &&
    amount <= STOCK_QUANTITY.max &&
    amount % STOCK_QUANTITY.step === 0;
  return ok
    ? undefined
    : { code: OrderIssueCode.StockQuantityInvalid, field, message: ORDER_MESSAGES.stockQuantity };
}

function customIssues(legs: readonly DraftLeg[], maxCustomStrategyLegs: number): OrderIssue[] {
  const issues: OrderIssue[] = [];
  const options = legs.filter((leg) => leg.kind === 'option');
  const stocks = legs.length - options.length;
  if (stocks > CUSTOM_MAX_STOCK_LEGS) {
    issues.push({ code: OrderIssueCode.OneStockLeg, field: 'legs', message: ORDER_MESSAGES.oneStockLeg });
  }
  if (options.length > CUSTOM_MAX_OPTION_LEGS) {
    issues.push({
      code: OrderIssueCode.TooManyOptionLegs,
      field: 'legs',
      message: ORDER_MESSAGES.tooManyOptionLegs,
    });
  }
  if (options.length === 0) {
    issues.push({
      code: OrderIssueCode.NeedsOptionLeg,
      field: 'legs',
      message: ORDER_MESSAGES.needsOptionLeg,
    });
  }
  const expirations = new Set(
    options.map(({ contract }) => (contract?.kind === 'option' ? contract.expiration : '')),
  );
  if (expirations.size > 1) {
    issues.push({
      code: OrderIssueCode.MixedExpirations,
      field: 'legs',
      message: ORDER_MESSAGES.mixedExpirations,
    });
  }
  if (legs.length > maxCustomStrategyLegs) {
    issues.push({
      code: OrderIssueCode.PlanLegLimit,
      field: 'legs',
      message: ORDER_MESSAGES.planLegLimit(maxCustomStrategyLegs),
    });
  }
  return issues;
}

/** Every problem of the draft; an empty list means it can be calculated and submitted. */
export function validateOrder(
  draft: OrderDraft,
  limits: { readonly maxCustomStrategyLegs: number },
): readonly OrderIssue[] {
  const structural = structuralIssue(draft);
  if (structural) return [structural];
  const issues: OrderIssue[] = [];
  draft.legs.forEach((leg, index) => {
    const price = limitPriceIssue(leg, index);
    if (price) issues.push(price);
    const quantity = quantityIssue(leg, index);
    if (quantity) issues.push(quantity);
  });
  const size = numericOrZero(draft.size);
  if (isBlank(draft.size) || !Number.isInteger(size) || size < MIN_SIZE) {
    issues.push({ code: OrderIssueCode.SizeInvalid, field: 'size', message: ORDER_MESSAGES.size });
  } else if (size > MAX_SIZE) {
    issues.push({ code: OrderIssueCode.SizeInvalid, field: 'size', message: ORDER_MESSAGES.sizeTooLarge });
  }
  if (draft.strategy === CUSTOM_STRATEGY)
    issues.push(...customIssues(draft.legs, limits.maxCustomStrategyLegs));
  return issues;
}

const STRUCTURE_CODES: ReadonlySet<OrderIssueCode> = new Set([
  OrderIssueCode.OneStockLeg,
  OrderIssueCode.TooManyOptionLegs,
  OrderIssueCode.NeedsOptionLeg,
  OrderIssueCode.MixedExpirations,
]);

/**
 * The API error for a failed validation, or null if there is none: the structural code itself,
 * PLAN_LIMIT_REACHED (422) for the plan's leg cap, INVALID_STRATEGY_LEGS (422) for a custom
 * structure the product cannot trade, VALIDATION_FAILED (400) for field values. `details`
 * maps each failing field to its first message.
 */
export function orderError(issues: readonly OrderIssue[]): DomainError | null {
  const first = issues[0];
  if (!first) return null;
  const details: Record<string, string> = {};
  for (const issue of issues) details[issue.field] ??= issue.message;
  switch (first.code) {
    case OrderIssueCode.NoSymbol:
    case OrderIssueCode.NoStrategy:
    case OrderIssueCode.NoLegs:
    case OrderIssueCode.NotTradedContract:
      return new DomainError(first.code, { details });
  }
  if (issues.some((issue) => issue.code === OrderIssueCode.PlanLegLimit)) {
    return new DomainError('PLAN_LIMIT_REACHED', { message: PLAN_LIMIT_MESSAGES.trade, details });
  }
  if (issues.some((issue) => STRUCTURE_CODES.has(issue.code))) {
    return new DomainError('INVALID_STRATEGY_LEGS', { details });
  }
  return new DomainError('VALIDATION_FAILED', { details });
}

export interface LegAdditions {
  readonly stock: boolean;
  readonly option: boolean;
  /** Shown with a link to /pricing when the plan's cap, not the product's, stops more legs. */
  readonly warning: string | null;
}

/** Which 'Stock Leg' / 'Option Leg' buttons of the custom editor are enabled. */
export function legAdditions(
  legs: readonly Pick<DraftLeg, 'kind'>[],
  maxCustomStrategyLegs: number,
): LegAdditions {
  const stocks = legs.filter((leg) => leg.kind === 'stock').length;
  const options = legs.length - stocks;
  const room = legs.length < maxCustomStrategyLegs;
  // The plan cap only binds when it is below the product's own 4 + 1 (spec 3 §5: one plan level).
  const planCapped = !room && maxCustomStrategyLegs < CUSTOM_MAX_LEGS;
  return {
    stock: room && stocks < CUSTOM_MAX_STOCK_LEGS,
    option: room && options < CUSTOM_MAX_OPTION_LEGS,
    warning: planCapped ? ORDER_MESSAGES.planLegLimit(maxCustomStrategyLegs) : null,
  };
}
