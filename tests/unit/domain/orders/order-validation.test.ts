import { describe, expect, test } from 'vitest';
import { DomainError } from '#domain/errors.ts';
import {
  type DraftLeg,
  legAdditions,
  numericOrZero,
  type OrderDraft,
  orderError,
  validateOrder,
} from '#domain/orders/order-validation.ts';
import { call, put, stock } from './fixtures.ts';

const optionLeg = (quantity: number, limitPrice: unknown, contract = call(150)): DraftLeg => ({
  kind: 'option',
  contract,
  quantity,
  limitPrice,
});
const stockLeg = (quantity: number, limitPrice: unknown = 150): DraftLeg => ({
  kind: 'stock',
  contract: stock('AAPL'),
  quantity,
  limitPrice,
});

const draft = (overrides: Partial<OrderDraft> = {}): OrderDraft => ({
  symbol: 'AAPL',
  strategy: 'bull_call_spread',
  legs: [optionLeg(1, 3), optionLeg(-1, 1, call(155))],
  size: 1,
  ...overrides,
});

const PLAN = { maxCustomStrategyLegs: 5 };
const codes = (d: OrderDraft, plan = PLAN) => validateOrder(d, plan).map((i) => i.code);

describe('order checks in spec order (spec 3 §5)', () => {
  test('a complete order passes', () => {
    expect(validateOrder(draft(), PLAN)).toEqual([]);
  });

  test('symbol, then strategy, then legs, then traded contracts; the first failure only', () => {
    expect(validateOrder(draft({ symbol: '', strategy: null, legs: [] }), PLAN)).toEqual([
      { code: 'NO_SYMBOL', field: 'symbol', message: '' },
    ]);
    expect(codes(draft({ strategy: ' ', legs: [] }))).toEqual(['NO_STRATEGY']);
    expect(codes(draft({ legs: [], size: 0 }))).toEqual(['NO_LEGS']);
    expect(
      validateOrder(draft({ legs: [optionLeg(1, 3), { ...optionLeg(-1, ''), contract: null }] }), PLAN),
    ).toEqual([{ code: 'NOT_TRADED_CONTRACT', field: 'legs.1', message: 'All contracts must be traded.' }]);
  });
});

describe('field rules', () => {
  test.each([
    [null, 'LIMIT_PRICE_REQUIRED', 'Limit price is required.'],
    ['', 'LIMIT_PRICE_REQUIRED', 'Limit price is required.'],
    [0, 'LIMIT_PRICE_TOO_LOW', 'Limit price must be at least 0.01.'],
    [0.009, 'LIMIT_PRICE_TOO_LOW', 'Limit price must be at least 0.01.'],
    ['abc', 'LIMIT_PRICE_TOO_LOW', 'Limit price must be at least 0.01.'],
    [1.005, 'LIMIT_PRICE_DECIMALS', 'Limit price can have at most 2 decimals.'],
    ['2.125', 'LIMIT_PRICE_DECIMALS', 'Limit price can have at most 2 decimals.'],
  ])('limit price %j → %s', (price, code, message) => {
    expect(validateOrder(draft({ legs: [optionLeg(1, price)] }), PLAN)).toEqual([
      { code, field: 'legs.0.limitPrice', message },
    ]);
  });

  test.each([0.01, 2.1, '2.15', 148.5])('limit price %j is fine', (price) => {
    expect(validateOrder(draft({ legs: [optionLeg(1, price)] }), PLAN)).toEqual([]);
  });

  test.each([0, -1, 1.5, '', 'x', null, '0'])('size %j fails', (size) => {
    expect(validateOrder(draft({ size }), PLAN)).toEqual([
      { code: 'SIZE_INVALID', field: 'size', message: 'Size must be a whole number, at least 1.' },
    ]);
  });

  test.each([100_001, 2 ** 31, 1e300, '100001'])('size %j is past the bound', (size) => {
    expect(validateOrder(draft({ size }), PLAN)).toEqual([
      { code: 'SIZE_INVALID', field: 'size', message: 'Size can be at most 100,000.' },
    ]);
  });

  test.each([1, '3', 250, 100_000])('size %j is fine', (size) => {
    expect(codes(draft({ size }))).toEqual([]);
  });

  test('option quantity: whole 1 to 9 contracts either side', () => {
    expect(codes(draft({ legs: [optionLeg(9, 1), optionLeg(-9, 1)] }))).toEqual([]);
    const issues = validateOrder(draft({ legs: [optionLeg(10, 1), optionLeg(0, 1)] }), PLAN);
    expect(issues.map((i) => [i.field, i.message])).toEqual([
      ['legs.0.quantity', 'Option quantity must be a whole number from 1 to 9.'],
      ['legs.1.quantity', 'Option quantity must be a whole number from 1 to 9.'],
    ]);
  });

  test('stock quantity: 100 to 900 shares in steps of 100', () => {
    expect(codes(draft({ legs: [stockLeg(100), stockLeg(-900)] }))).toEqual([]);
    for (const shares of [50, 150, 1000, 0]) {
      expect(validateOrder(draft({ legs: [stockLeg(shares)] }), PLAN)).toEqual([
        {
          code: 'STOCK_QUANTITY_INVALID',
          field: 'legs.0.quantity',
          message: 'Stock quantity must be 100 to 900 shares, in steps of 100.',
        },
      ]);
    }
  });

  test('every field failure is reported together', () => {
    expect(codes(draft({ legs: [optionLeg(12, ''), optionLeg(1, 0.001)], size: 0 }))).toEqual([
      'LIMIT_PRICE_REQUIRED',
      'OPTION_QUANTITY_INVALID',
      'LIMIT_PRICE_TOO_LOW',
      'SIZE_INVALID',
    ]);
  });

  test('non-numeric input counts as 0', () => {
    expect(numericOrZero('2.5')).toBe(2.5);
    expect(numericOrZero(' 3 ')).toBe(3);
    expect(numericOrZero('abc')).toBe(0);
    expect(numericOrZero('')).toBe(0);
    expect(numericOrZero(null)).toBe(0);
    expect(numericOrZero(Number.NaN)).toBe(0);
    expect(numericOrZero(Number.POSITIVE_INFINITY)).toBe(0);
    expect(numericOrZero({})).toBe(0);
  });
});

describe('custom strategy', () => {
  const custom = (legs: DraftLeg[]) => draft({ strategy: 'custom', legs });

  test('one stock leg and up to four option legs of one expiration', () => {
    const legs = [
      stockLeg(100),
      optionLeg(1, 1),
      optionLeg(-1, 1, call(160)),
      optionLeg(1, 1, put(140)),
      optionLeg(-1, 1, put(130)),
    ];
    expect(codes(custom(legs))).toEqual([]);
  });

  test('structure messages', () => {
    const twoStocks = validateOrder(custom([stockLeg(100), stockLeg(-100), optionLeg(1, 1)]), PLAN);
    expect(twoStocks.map((i) => i.message)).toEqual(['Only one stock leg is allowed.']);
    const fiveOptions = [140, 145, 150, 155, 160].map((k) => optionLeg(1, 1, call(k)));
    expect(validateOrder(custom(fiveOptions), { maxCustomStrategyLegs: 5 }).map((i) => i.message)).toEqual([
      'Up to 4 option legs are allowed.',
    ]);
    expect(validateOrder(custom([stockLeg(100)]), PLAN).map((i) => i.message)).toEqual([
      'A custom strategy needs at least one option leg.',
    ]);
    expect(validateOrder(custom([optionLeg(1, 1), optionLeg(-1, 1, call(150, '2025-02-21'))]), PLAN)).toEqual(
      [
        {
          code: 'MIXED_EXPIRATIONS',
          field: 'legs',
          message: 'All legs must share the same expiration date.',
        },
      ],
    );
  });

  test("the plan's leg cap", () => {
    const legs = [stockLeg(100), optionLeg(1, 1), optionLeg(-1, 1, call(160))];
    expect(validateOrder(custom(legs), { maxCustomStrategyLegs: 2 })).toEqual([
      {
        code: 'PLAN_LEG_LIMIT',
        field: 'legs',
        message: 'You have reached the maximum legs (2) allowed on your current subscription plan.',
      },
    ]);
  });

  test('other strategies ignore the custom rules', () => {
    expect(
      codes(draft({ strategy: 'covered_call', legs: [stockLeg(100), optionLeg(-1, 1)] }), {
        maxCustomStrategyLegs: 1,
      }),
    ).toEqual([]);
  });
});

describe('orderError', () => {
  test('none for a valid order', () => {
    expect(orderError([])).toBeNull();
  });

  test('structural codes pass through', () => {
    const error = orderError(validateOrder(draft({ legs: [] }), PLAN));
    expect(error).toBeInstanceOf(DomainError);
    expect(error?.code).toBe('NO_LEGS');
  });

  test('field failures are VALIDATION_FAILED with the failing fields', () => {
    const error = orderError(validateOrder(draft({ legs: [optionLeg(1, 0)], size: 0 }), PLAN));
    expect(error?.code).toBe('VALIDATION_FAILED');
    expect(error?.details).toEqual({
      'legs.0.limitPrice': 'Limit price must be at least 0.01.',
      size: 'Size must be a whole number, at least 1.',
    });
  });

  test('the plan cap is PLAN_LIMIT_REACHED with the trade wording; a bad structure INVALID_STRATEGY_LEGS', () => {
    const capped = orderError(
      validateOrder(
        draft({ strategy: 'custom', legs: [stockLeg(100), optionLeg(1, 1), optionLeg(1, 1, put(140))] }),
        {
          maxCustomStrategyLegs: 2,
        },
      ),
    );
    expect([capped?.code, capped?.message]).toEqual([
      'PLAN_LIMIT_REACHED',
      'Unable to proceed with the trade due to current subscription plan limitations.',
    ]);
    const mixed = orderError(
      validateOrder(
        draft({ strategy: 'custom', legs: [stockLeg(100), stockLeg(100), optionLeg(1, 1)] }),
        PLAN,
      ),
    );
    expect([mixed?.code, mixed?.message]).toEqual([
      'INVALID_STRATEGY_LEGS',
      'Invalid strategy legs combination.',
    ]);
  });
});

describe('legAdditions (custom editor buttons)', () => {
  const kinds = (...k: DraftLeg['kind'][]) => k.map((kind) => ({ kind }));

  test('Advanced: the product cap of 4 options and 1 stock, no plan warning', () => {
    expect(legAdditions([], 5)).toEqual({ stock: true, option: true, warning: null });
    expect(legAdditions(kinds('stock', 'option'), 5)).toEqual({ stock: false, option: true, warning: null });
    expect(legAdditions(kinds('option', 'option', 'option', 'option'), 5)).toEqual({
      stock: true,
      option: false,
      warning: null,
    });
    expect(legAdditions(kinds('stock', 'option', 'option', 'option', 'option'), 5)).toEqual({
      stock: false,
      option: false,
      warning: null,
    });
  });

  test('Beginner: two legs, then the plan warning', () => {
    expect(legAdditions(kinds('option'), 2)).toEqual({ stock: true, option: true, warning: null });
    expect(legAdditions(kinds('option', 'stock'), 2)).toEqual({
      stock: false,
      option: false,
      warning: 'You have reached the maximum legs (2) allowed on your current subscription plan.',
    });
  });
});
