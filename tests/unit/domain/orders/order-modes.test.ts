import { describe, expect, test } from 'vitest';
import {
  editableFields,
  exportAvailability,
  ORDER_MODE_RULES,
  OrderMode,
} from '#domain/orders/order-modes.ts';

const MODES = Object.values(OrderMode);
const editable = (strategy: string) =>
  MODES.map((mode) => {
    const fields = editableFields(mode, strategy);
    return `${mode}: ${Object.entries(fields)
      .filter(([, on]) => on)
      .map(([name]) => name)
      .join(' ')}`;
  });

describe('order editor modes (spec 3 §4)', () => {
  test('a fixed-shape strategy: only new orders choose account, symbol, strategy, expirations, strikes and size', () => {
    expect(editable('iron_condor')).toEqual([
      'new: account symbol strategy expirationAndStrike limitPrice size comment',
      'newFromTicket: account symbol strategy expirationAndStrike limitPrice size comment',
      'adjustOpen: limitPrice comment',
      'adjustClosed: limitPrice comment',
      'close: limitPrice comment',
    ]);
  });

  test('ratio spreads edit quantities on new orders', () => {
    expect(editableFields('new', 'put_ratio_spread').quantity).toBe(true);
    expect(editableFields('new', 'call_ratio_spread').quantity).toBe(true);
    expect(editableFields('new', 'call_ratio_spread').legStructure).toBe(false);
    expect(editableFields('adjustOpen', 'call_ratio_spread').quantity).toBe(false);
  });

  test('long and short stock edit their shares on new orders, and nothing of the leg else', () => {
    for (const strategy of ['long_stock', 'short_stock']) {
      expect(editableFields('newFromTicket', strategy).quantity).toBe(true);
      expect(editableFields('new', strategy).quantity).toBe(true);
      expect(editableFields('newFromTicket', strategy).legStructure).toBe(false);
      expect(editableFields('adjustOpen', strategy).quantity).toBe(false);
    }
    expect(editableFields('new', 'covered_call').quantity).toBe(false);
  });

  test('custom edits leg structure and quantities on new orders only', () => {
    expect(editable('custom')).toEqual([
      'new: account symbol strategy legStructure quantity expirationAndStrike limitPrice size comment',
      'newFromTicket: account symbol strategy legStructure quantity expirationAndStrike limitPrice size comment',
      'adjustOpen: limitPrice comment',
      'adjustClosed: limitPrice comment',
      'close: limitPrice comment',
    ]);
  });

  test('no strategy chosen yet', () => {
    expect(editableFields('new', null)).toMatchObject({
      legStructure: false,
      quantity: false,
      strategy: true,
    });
  });

  test('how each mode loads and what it shows', () => {
    const summary = MODES.map((mode) => {
      const r = ORDER_MODE_RULES[mode];
      return [
        mode,
        r.legsReversed,
        r.limitPriceFrom,
        r.commentCarried,
        r.effectField,
        r.priorEffect,
        r.exportable,
        r.autoRecalculate,
        r.showsMetrics,
      ];
    });
    expect(summary).toEqual([
      ['new', false, 'chainMid', false, 'debitCredit', 'none', true, true, true],
      ['newFromTicket', false, 'ticket', false, 'debitCredit', 'none', true, true, true],
      ['adjustOpen', false, 'storedOrder', true, 'debitCredit', 'none', true, true, true],
      ['adjustClosed', false, 'storedOrder', true, 'realizedPl', 'otherProceeds', false, false, false],
      ['close', true, 'markPrice', false, 'realizedPl', 'allProceeds', true, false, false],
    ]);
  });
});

describe('export availability (spec 3 §2, §5)', () => {
  test('never for a custom strategy, with the menu title', () => {
    expect(exportAvailability({ mode: 'new', strategy: 'custom', valid: true })).toEqual({
      available: false,
      reason: 'This feature is not available for a custom strategy.',
    });
  });

  test('not for a closed order', () => {
    expect(exportAvailability({ mode: 'adjustClosed', strategy: 'long_call', valid: true }).available).toBe(
      false,
    );
  });

  test('not while invalid or after LEGS_MISMATCH / BAD_LEG_PRICE', () => {
    expect(exportAvailability({ mode: 'new', strategy: 'long_call', valid: false }).available).toBe(false);
    expect(
      exportAvailability({ mode: 'new', strategy: 'long_call', valid: true, serverError: 'BAD_LEG_PRICE' }),
    ).toEqual({
      available: false,
      reason: 'All legs must have a price.',
    });
    expect(
      exportAvailability({ mode: 'close', strategy: 'long_call', valid: true, serverError: 'LEGS_MISMATCH' })
        .available,
    ).toBe(false);
  });

  test('otherwise available, closing orders included', () => {
    expect(exportAvailability({ mode: 'newFromTicket', strategy: 'iron_condor', valid: true })).toEqual({
      available: true,
      reason: null,
    });
    expect(
      exportAvailability({ mode: 'close', strategy: 'iron_condor', valid: true, serverError: null })
        .available,
    ).toBe(true);
  });
});
