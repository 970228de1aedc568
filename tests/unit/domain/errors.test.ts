import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  DomainError,
  ERROR_CODES,
  ErrorCode,
  errorMessage,
  isErrorCode,
  PLAN_LIMIT_MESSAGES,
} from '#domain/errors.ts';

describe('error catalogue', () => {
  test.each([
    ['LIST_EMPTY_NAME', 'List name cannot be empty.'],
    ['LIST_DUPLICATE_NAME', 'List name must be unique. Please choose a different name.'],
    ['UNKNOWN_CONTRACT', 'Unknown contract type.'],
    ['INVALID_STRATEGY_LEGS', 'Invalid strategy legs combination.'],
    ['BAD_LEG_PRICE', 'All legs must have a price.'],
    ['NOT_TRADED_CONTRACT', 'All contracts must be traded.'],
    ['LEGS_MISMATCH', "The selected parameters don't fit the strategy definition."],
    [
      'TRADE_ACCOUNT_DUPLICATE_NAME',
      "Trading Accounts' names have to be unique. Please choose a different name.",
    ],
    ['UNIVERSE_DUPLICATE_NAME', "Universes' names have to be unique. Please choose a different name."],
    ['WATCHING_TOO_EXPENSIVE', 'This scan takes too long to monitor.'],
    ['INTERNAL', 'An error has occurred. Please try again.'],
    [
      'TIMEOUT',
      'Unable to handle the request in a reasonable amount of time. Please try to change the parameters and try again.',
    ],
  ] as const)('%s says the spec text', (code, message) => {
    expect(errorMessage(code)).toBe(message);
  });

  test('the plan-limit wordings of the trade, scan run, scan save, watch, reports and the add-in', () => {
    expect(PLAN_LIMIT_MESSAGES).toEqual({
      trade: 'Unable to proceed with the trade due to current subscription plan limitations.',
      scanRun: 'Unable to run the scan due to current subscription plan limitations.',
      scanSave: 'Unable to save the scan due to current subscription plan limitations.',
      watch: 'Unable to watch the scan due to current subscription plan limitations.',
      report: 'Upgrade your plan to enable options below.',
      addIn: 'The Excel and Google Sheets add-in is part of the Advanced plan.',
    });
  });

  test('placeholders are filled, or dropped with their lead-in when there is no value', () => {
    expect(errorMessage('UNIVERSE_USED_IN_SCANS', { scans: 'Income, Wheel' })).toBe(
      'Unable to delete the universe because it is being used in scan(s): Income, Wheel',
    );
    expect(errorMessage('UNIVERSE_USED_IN_SCANS')).toBe(
      'Unable to delete the universe because it is being used in scan(s)',
    );
  });

  test('ErrorCode names every code as its own value', () => {
    expect(ErrorCode.NOT_FOUND).toBe('NOT_FOUND');
    expect(Object.keys(ErrorCode)).toEqual([...ERROR_CODES]);
  });

  test('isErrorCode accepts catalogue codes only', () => {
    expect(isErrorCode('LEGS_MISMATCH')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode('legs_mismatch')).toBe(false);
    expect(isErrorCode(404)).toBe(false);
  });

  test('a filled message keeps the value verbatim and no placeholder remains', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ERROR_CODES),
        fc.string({ minLength: 1 }).filter((s) => !s.includes('{')),
        (code, value) => {
          const filled = errorMessage(code, { scans: value });
          expect(filled).not.toMatch(/\{scans\}/);
          expect(errorMessage(code)).not.toMatch(/\{\w+\}/);
          if (code === 'UNIVERSE_USED_IN_SCANS') expect(filled.endsWith(`: ${value}`)).toBe(true);
        },
      ),
    );
  });
});

describe('DomainError', () => {
  test('carries its code, the default message and details', () => {
    const error = new DomainError('PLAN_LIMIT_REACHED', { details: { legs: 'Too many legs.' } });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('DomainError');
    expect(error.code).toBe('PLAN_LIMIT_REACHED');
    expect(error.message).toBe('Unable to proceed due to current subscription plan limitations.');
    expect(error.details).toEqual({ legs: 'Too many legs.' });
  });

  test('takes a specific message or fills the default one', () => {
    expect(new DomainError('BAD_REQUEST', { message: 'Invalid trade ticket: not JSON.' }).message).toBe(
      'Invalid trade ticket: not JSON.',
    );
    expect(new DomainError('UNIVERSE_USED_IN_SCANS', { params: { scans: 'Wheel' } }).message).toBe(
      'Unable to delete the universe because it is being used in scan(s): Wheel',
    );
    expect(new DomainError('NOT_FOUND').details).toBeUndefined();
  });
});
