/**
 * The new-order ticket carried in /order/open/{ticket} (spec 2 §2.4, spec 3 §2): JSON of
 * { strategy, legs: [{ contractId, quantity, limitPrice }], size }, UTF-8 encoded, then
 * base64. The ticket sits in a path segment, so it is written in the URL-safe base64 alphabet
 * ('-' and '_' for '+' and '/') without '=' padding; reading accepts both alphabets, with or
 * without padding. btoa/atob exist in browsers and in Node.
 */
import { DomainError } from '../errors.ts';

export interface TicketLeg {
  /** A contract id: a stock symbol (`KO`) or an option id (`AAPL250117C150`). */
  readonly contractId: string;
  /** Signed: + buys, − sells. Contracts for options, shares for stock. */
  readonly quantity: number;
  /** Dollars per share; 0 when the chain had no price. */
  readonly limitPrice: number;
}

export interface Ticket {
  readonly strategy: string;
  readonly legs: readonly TicketLeg[];
  readonly size: number;
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64(text: string): Uint8Array {
  const standard = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(standard.padEnd(Math.ceil(standard.length / 4) * 4, '='));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

export function encodeTicket(ticket: Ticket): string {
  const plain: Ticket = {
    strategy: ticket.strategy,
    legs: ticket.legs.map(({ contractId, quantity, limitPrice }) => ({ contractId, quantity, limitPrice })),
    size: ticket.size,
  };
  return toBase64Url(new TextEncoder().encode(JSON.stringify(plain)));
}

const badTicket = (reason: string) =>
  new DomainError('BAD_REQUEST', { message: `Invalid trade ticket: ${reason}` });

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function readLeg(value: unknown, index: number): TicketLeg {
  if (!isRecord(value)) throw badTicket(`legs[${index}] is not an object.`);
  const { contractId, quantity, limitPrice } = value;
  if (typeof contractId !== 'string' || contractId.trim() === '') {
    throw badTicket(`legs[${index}].contractId must be a non-empty string.`);
  }
  if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity === 0) {
    throw badTicket(`legs[${index}].quantity must be a non-zero whole number.`);
  }
  if (typeof limitPrice !== 'number' || !Number.isFinite(limitPrice) || limitPrice < 0) {
    throw badTicket(`legs[${index}].limitPrice must be a number, at least 0.`);
  }
  return { contractId, quantity, limitPrice };
}

/** Reads a ticket; anything that is not a well-formed ticket throws a BAD_REQUEST DomainError saying why. */
export function decodeTicket(text: string): Ticket {
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) throw badTicket('not base64 text.');
  let json: string;
  try {
    json = new TextDecoder('utf-8', { fatal: true }).decode(fromBase64(text));
  } catch {
    throw badTicket('not base64 of UTF-8 text.');
  }
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw badTicket('not JSON.');
  }
  if (!isRecord(value)) throw badTicket('not a JSON object.');
  const { strategy, legs, size } = value;
  if (typeof strategy !== 'string' || strategy.trim() === '')
    throw badTicket('strategy must be a non-empty string.');
  if (!Array.isArray(legs)) throw badTicket('legs must be a list.');
  if (typeof size !== 'number' || !Number.isInteger(size) || size < 1) {
    throw badTicket('size must be a whole number, at least 1.');
  }
  return { strategy, legs: legs.map(readLeg), size };
}
