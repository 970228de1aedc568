/**
 * The order editor's legs as the form holds them, and the rules that build and read them
 * (spec 3 §4): default legs of a strategy from the chain, legs from a ticket or a stored order,
 * a leg's traded contract ('NOT TRADED' when the chain does not list it), limit prices reset to
 * the chain mid (0 when it has none), and the order the server is sent.
 */
import type { OptionChainRow } from '#api/market.ts';
import type { OrderLeg } from '#api/trades.ts';
import type { Contract, Right } from '#domain/contracts/contract.ts';
import { toCents } from '#domain/orders/money.ts';
import type { DraftLeg, OrderDraft } from '#domain/orders/order-validation.ts';
import { numericOrZero } from '#domain/orders/order-validation.ts';
import { defaultLegs, templateSlots } from '#domain/strategies/default-legs.ts';
import type { StrategyKey } from '#domain/strategies/strategy-key.ts';

export interface EditorLeg {
  /** Stable identity for the form (React key). */
  readonly key: number;
  readonly kind: 'stock' | 'option';
  readonly right: Right;
  /** +1 buys, −1 sells. */
  readonly sign: 1 | -1;
  /** Unsigned: contracts, or shares for stock. */
  readonly quantity: number;
  readonly expiration: string | null;
  readonly strike: number | null;
  /** As typed. */
  readonly limitPrice: string;
}

let nextKey = 1;
export const newLegKey = (): number => nextKey++;

/** Days out the default front expiration aims for, and the gap to a back expiration. */
const FRONT_DAYS = 25;
const BACK_GAP_DAYS = 25;
const DAY_MS = 86_400_000;

export const priceText = (price: number | null | undefined): string =>
  price === null || price === undefined || !Number.isFinite(price) ? '0' : (toCents(price) / 100).toFixed(2);

export function chainExpirations(chain: readonly OptionChainRow[]): string[] {
  return [...new Set(chain.map((r) => r.option.expiration))].sort();
}

/** Strikes listed at `expiration` (for `right` when given), ascending. */
export function chainStrikes(
  chain: readonly OptionChainRow[],
  expiration: string | null,
  right?: Right,
): number[] {
  const rows = chain.filter(
    (r) => r.option.expiration === expiration && (right === undefined || r.option.right === right),
  );
  return [...new Set(rows.map((r) => r.option.strike))].sort((a, b) => a - b);
}

export function chainRow(
  chain: readonly OptionChainRow[],
  right: Right,
  expiration: string | null,
  strike: number | null,
): OptionChainRow | undefined {
  return chain.find(
    (r) => r.option.right === right && r.option.expiration === expiration && r.option.strike === strike,
  );
}

/** The chain mid of an option leg, as limit-price text; '0' when the chain has none. */
export function chainMidText(
  chain: readonly OptionChainRow[],
  leg: Pick<EditorLeg, 'right' | 'expiration' | 'strike'>,
) {
  return priceText(chainRow(chain, leg.right, leg.expiration, leg.strike)?.mid ?? 0);
}

/**
 * The leg's contract, or null when it has no traded one. New orders need the chain to list an
 * option; an existing order's contracts are what they are (its series may have expired).
 */
export function legContract(
  leg: EditorLeg,
  symbol: string | null,
  chain: readonly OptionChainRow[] | null,
): Contract | null {
  if (!symbol) return null;
  if (leg.kind === 'stock') return { kind: 'stock', symbol };
  if (leg.expiration === null || leg.strike === null) return null;
  if (chain && !chainRow(chain, leg.right, leg.expiration, leg.strike)) return null;
  return {
    kind: 'option',
    underlying: symbol,
    right: leg.right,
    expiration: leg.expiration,
    strike: leg.strike,
  };
}

/** The front expiration about a month out, and a back one about a month after it. */
export function defaultExpirations(
  chain: readonly OptionChainRow[],
  nowMs: number,
): [string | null, string | null] {
  const all = chainExpirations(chain);
  const after = (fromMs: number, days: number) =>
    all.find((d) => Date.parse(`${d}T20:00:00Z`) - fromMs >= days * DAY_MS) ?? all.at(-1) ?? null;
  const front = after(nowMs, FRONT_DAYS);
  const back = front
    ? (all.find((d) => d > front && Date.parse(d) - Date.parse(front) >= BACK_GAP_DAYS * DAY_MS) ?? null)
    : null;
  return [front, back];
}

/** Index of the listed strike closest to `price`. */
const nearest = (strikes: readonly number[], price: number) =>
  strikes.reduce((best, k, i) => (Math.abs(k - price) < Math.abs(strikes[best]! - price) ? i : best), 0);

/** Distance of the default strikes from the price, as a fraction of it: a typical month's move. */
const STRIKE_STEP = 0.03;

/**
 * Strikes for n strike slots around the price, ascending and distinct: one slot at the money;
 * two at the money and a step above; three a step below, at and above the money with equal
 * wings (butterflies need them); four two steps and one step either side (condors).
 */
export function slotStrikes(strikes: readonly number[], price: number, slots: number): number[] {
  if (strikes.length === 0 || slots === 0) return [];
  const at = (target: number) => strikes[nearest(strikes, target)]!;
  if (slots === 3) {
    const mid = at(price);
    const wings = strikes.filter((k) => k < mid && strikes.includes(2 * mid - k));
    const low = wings.length
      ? wings[nearest(wings, price * (1 - STRIKE_STEP))]!
      : at(price * (1 - STRIKE_STEP));
    return [low, mid, 2 * mid - low];
  }
  const targets: Record<number, readonly number[]> = {
    1: [0],
    2: [0, 1],
    4: [-2, -1, 1, 2],
  };
  const steps = targets[slots] ?? Array.from({ length: slots }, (_, i) => i);
  const chosen: number[] = [];
  for (const step of steps) {
    let index = nearest(strikes, price * (1 + step * STRIKE_STEP));
    const previous = chosen.at(-1);
    // Strictly ascending: a coarse chain may round two targets to one strike.
    while (previous !== undefined && strikes[index]! <= previous && index < strikes.length - 1) index += 1;
    chosen.push(strikes[index]!);
  }
  return chosen;
}

/** The strategy's default legs from the chain: expirations, strikes around `last`, chain mids. */
export function strategyLegs(
  strategy: StrategyKey,
  chain: readonly OptionChainRow[],
  last: number,
  nowMs: number,
): EditorLeg[] {
  const templates = defaultLegs(strategy);
  const slots = templateSlots(templates);
  const expirations = defaultExpirations(chain, nowMs);
  const front = expirations[0];
  // With two expirations, strikes listed at both.
  const both = chainStrikes(chain, front).filter(
    (k) => slots.expirations < 2 || chainStrikes(chain, expirations[1]).includes(k),
  );
  const strikes = slotStrikes(both, last, slots.strikes);
  return templates.map((t): EditorLeg => {
    if (t.kind === 'stock') {
      return {
        key: newLegKey(),
        kind: 'stock',
        right: 'CALL',
        sign: t.quantity > 0 ? 1 : -1,
        quantity: Math.abs(t.quantity),
        expiration: null,
        strike: null,
        limitPrice: priceText(last),
      };
    }
    const leg = {
      key: newLegKey(),
      kind: 'option' as const,
      right: t.right,
      sign: (t.quantity > 0 ? 1 : -1) as 1 | -1,
      quantity: Math.abs(t.quantity),
      expiration: expirations[t.expirationSlot] ?? front,
      strike: strikes[t.strikeSlot] ?? null,
    };
    return { ...leg, limitPrice: chainMidText(chain, leg) };
  });
}

/** Editor legs of stored or ticket legs. */
export function editorLegs(legs: readonly OrderLeg[]): EditorLeg[] {
  return legs.map((leg) => ({
    key: newLegKey(),
    kind: leg.contract.kind,
    right: leg.contract.kind === 'option' ? leg.contract.right : 'CALL',
    sign: leg.quantity > 0 ? 1 : -1,
    quantity: Math.abs(leg.quantity),
    expiration: leg.contract.kind === 'option' ? leg.contract.expiration : null,
    strike: leg.contract.kind === 'option' ? leg.contract.strike : null,
    limitPrice: priceText(leg.limitPrice),
  }));
}

/** A new custom leg: 100 shares at the last price, or a call at the money at the legs' expiration. */
export function customLeg(
  kind: 'stock' | 'option',
  legs: readonly EditorLeg[],
  chain: readonly OptionChainRow[],
  last: number,
  nowMs: number,
): EditorLeg {
  if (kind === 'stock') {
    return {
      key: newLegKey(),
      kind,
      right: 'CALL',
      sign: 1,
      quantity: 100,
      expiration: null,
      strike: null,
      limitPrice: priceText(last),
    };
  }
  const expiration = legs.find((l) => l.kind === 'option')?.expiration ?? defaultExpirations(chain, nowMs)[0];
  const strikes = chainStrikes(chain, expiration, 'CALL');
  const leg = { key: newLegKey(), kind, right: 'CALL' as const, sign: 1 as const, quantity: 1, expiration };
  const withStrike = { ...leg, strike: strikes.length ? strikes[nearest(strikes, last)]! : null };
  return { ...withStrike, limitPrice: chainMidText(chain, withStrike) };
}

/** The draft the domain's `validateOrder` reads. */
export function orderDraft(
  symbol: string | null,
  strategy: string | null,
  legs: readonly EditorLeg[],
  size: string,
  chain: readonly OptionChainRow[] | null,
): OrderDraft {
  return {
    symbol,
    strategy,
    legs: legs.map(
      (leg): DraftLeg => ({
        kind: leg.kind,
        contract: legContract(leg, symbol, chain),
        quantity: leg.sign * leg.quantity,
        limitPrice: leg.limitPrice,
      }),
    ),
    size,
  };
}

/** The legs the server is sent (every contract known); non-numeric prices count as 0. */
export function orderLegs(
  symbol: string,
  legs: readonly EditorLeg[],
  chain: readonly OptionChainRow[] | null,
): OrderLeg[] | null {
  const out: OrderLeg[] = [];
  for (const leg of legs) {
    const contract = legContract(leg, symbol, chain);
    if (!contract) return null;
    out.push({ contract, quantity: leg.sign * leg.quantity, limitPrice: numericOrZero(leg.limitPrice) });
  }
  return out;
}
