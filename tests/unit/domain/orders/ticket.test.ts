import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { DomainError } from '#domain/errors.ts';
import { decodeTicket, encodeTicket, type Ticket } from '#domain/orders/ticket.ts';

// Expected strings computed independently with Python's base64.urlsafe_b64encode / b64encode.
const LONG_CALL: Ticket = {
  strategy: 'long_call',
  legs: [{ contractId: 'AAPL250117C150', quantity: 1, limitPrice: 2.1 }],
  size: 1,
};
const LONG_CALL_TEXT =
  'eyJzdHJhdGVneSI6ImxvbmdfY2FsbCIsImxlZ3MiOlt7ImNvbnRyYWN0SWQiOiJBQVBMMjUwMTE3QzE1MCIsInF1YW50aXR5IjoxLCJsaW1pdFByaWNlIjoyLjF9XSwic2l6ZSI6MX0';

describe('ticket codec', () => {
  test('writes URL-safe base64 of the JSON, without padding', () => {
    expect(encodeTicket(LONG_CALL)).toBe(LONG_CALL_TEXT);
  });

  test('drops fields that are not part of a ticket', () => {
    const extra = {
      ...LONG_CALL,
      legs: [{ ...LONG_CALL.legs[0], note: 'x' }],
      comment: 'y',
    } as unknown as Ticket;
    expect(encodeTicket(extra)).toBe(LONG_CALL_TEXT);
  });

  test('reads the standard alphabet with padding too', () => {
    expect(decodeTicket('eyJzdHJhdGVneSI6Ing/Pz4+eSIsImxlZ3MiOltdLCJzaXplIjoxfQ==')).toEqual({
      strategy: 'x??>>y',
      legs: [],
      size: 1,
    });
    expect(decodeTicket('eyJzdHJhdGVneSI6Ing_Pz4-eSIsImxlZ3MiOltdLCJzaXplIjoxfQ').strategy).toBe('x??>>y');
  });

  test('is UTF-8 safe', () => {
    expect(decodeTicket('eyJzdHJhdGVneSI6IsOp4pyTfn5+IiwibGVncyI6W10sInNpemUiOjF9').strategy).toBe('é✓~~~');
  });

  test('round trip', () => {
    const ticket = fc.record({
      strategy: fc.string({ minLength: 1, unit: 'grapheme' }).filter((s) => s.trim() !== ''),
      legs: fc.array(
        fc.record({
          contractId: fc.stringMatching(/^[A-Z]{1,5}(\d{6}[CP]\d{1,4})?$/),
          quantity: fc.integer({ min: -900, max: 900 }).filter((q) => q !== 0),
          limitPrice: fc.integer({ min: 0, max: 100_000 }).map((c) => c / 100),
        }),
        { maxLength: 5 },
      ),
      size: fc.integer({ min: 1, max: 10_000 }),
    });
    fc.assert(
      fc.property(ticket, (t) => {
        const text = encodeTicket(t);
        expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
        expect(decodeTicket(text)).toEqual(t);
      }),
    );
  });
});

describe('bad tickets fail clearly', () => {
  const encode = (json: string) => btoa(json).replace(/=+$/, '');

  test.each([
    ['', 'Invalid trade ticket: not base64 text.'],
    ['%%%', 'Invalid trade ticket: not base64 text.'],
    ['abc=def', 'Invalid trade ticket: not base64 text.'],
    ['A', 'Invalid trade ticket: not base64 of UTF-8 text.'],
    [btoa('\xff\xfe'), 'Invalid trade ticket: not base64 of UTF-8 text.'],
    [encode('hello'), 'Invalid trade ticket: not JSON.'],
    [encode('[1,2]'), 'Invalid trade ticket: not a JSON object.'],
    [encode('{"legs":[],"size":1}'), 'Invalid trade ticket: strategy must be a non-empty string.'],
    [encode('{"strategy":"long_call","size":1}'), 'Invalid trade ticket: legs must be a list.'],
    [
      encode('{"strategy":"long_call","legs":[],"size":0}'),
      'Invalid trade ticket: size must be a whole number, at least 1.',
    ],
    [
      encode('{"strategy":"long_call","legs":[7],"size":1}'),
      'Invalid trade ticket: legs[0] is not an object.',
    ],
    [
      encode('{"strategy":"long_call","legs":[{"contractId":"","quantity":1,"limitPrice":1}],"size":1}'),
      'Invalid trade ticket: legs[0].contractId must be a non-empty string.',
    ],
    [
      encode('{"strategy":"long_call","legs":[{"contractId":"KO","quantity":0.5,"limitPrice":1}],"size":1}'),
      'Invalid trade ticket: legs[0].quantity must be a non-zero whole number.',
    ],
    [
      encode('{"strategy":"long_call","legs":[{"contractId":"KO","quantity":1,"limitPrice":"1"}],"size":1}'),
      'Invalid trade ticket: legs[0].limitPrice must be a number, at least 0.',
    ],
  ])('%j', (text, message) => {
    let thrown: unknown;
    try {
      decodeTicket(text);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DomainError);
    expect((thrown as DomainError).code).toBe('BAD_REQUEST');
    expect((thrown as DomainError).message).toBe(message);
  });
});
