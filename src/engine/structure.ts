/**
 * The shape of the trades a scan enumerates: the legs in leg order (the catalogue's template order,
 * or the custom legs as entered), with each option leg's right, signed quantity, strike slot and
 * expiration slot. Strike slots rank distinct strikes (equal slots share a strike, a lower slot is
 * a strictly lower strike); calendars share one strike over two expirations; diagonals take two
 * strikes in their slot order over two expirations (the classic diagonal: the bought back-month
 * option deeper in the money; `validateLegs` also accepts the reverse order for hand-entered legs).
 *
 * Ratio spreads take their long and short counts from the scan; custom strategies are built from
 * their legs, each later option leg 'same' (as the one above) or 'greater' strike, all in one
 * expiration. Legs that fit no valid structure are INVALID_STRATEGY_LEGS.
 */
import type { Leg, Right } from '#domain/contracts/contract.ts';
import { DomainError } from '#domain/errors.ts';
import { RATIO_COUNT_MESSAGE, STRATEGIES } from '#domain/strategies/catalogue.ts';
import type { ScreenerStrategyKey } from '#domain/strategies/strategy-key.ts';
import { validateLegs } from '#domain/strategies/validate-legs.ts';

export type StrikeRelation = 'same' | 'greater';

/** A custom strategy's leg as the scan sends it. */
export type CustomLeg =
  | { readonly kind: 'stock'; readonly quantity: number }
  | {
      readonly kind: 'option';
      readonly right: Right;
      /** Signed contracts: + buy, − sell. */
      readonly quantity: number;
      /** Strike against the option leg above (ignored on the first option leg); default 'greater'. */
      readonly strike?: StrikeRelation;
    };

export interface RatioCounts {
  readonly long: number;
  readonly short: number;
}

export interface OptionSlot {
  readonly right: Right;
  readonly isCall: boolean;
  /** Signed contracts. */
  readonly quantity: number;
  readonly strikeSlot: number;
  readonly expirationSlot: number;
}

export type StructureLeg =
  | { readonly kind: 'stock'; readonly quantity: number }
  | { readonly kind: 'option'; readonly option: number };

export type EnumerationMode = 'slots' | 'calendar' | 'diagonal';

export interface Structure {
  readonly strategy: ScreenerStrategyKey;
  /** Every leg in leg order. */
  readonly legs: readonly StructureLeg[];
  /** The option legs in leg order (leg numbers 1…n of indexed filters and columns). */
  readonly options: readonly OptionSlot[];
  /** Distinct strike slots (same-expiration structures). */
  readonly strikeSlots: number;
  readonly mode: EnumerationMode;
  /** Butterflies: the middle strike halfway between the others. */
  readonly equalWings: boolean;
}

const invalid = (reason: string): DomainError =>
  new DomainError('INVALID_STRATEGY_LEGS', { details: { legs: reason } });

/** The structure of `strategy`; `ratio` for ratio spreads, `customLegs` for custom. */
export function structureOf(
  strategy: ScreenerStrategyKey,
  options: { readonly ratio?: RatioCounts | null; readonly customLegs?: readonly CustomLeg[] | null } = {},
): Structure {
  if (strategy === 'custom') return customStructure(options.customLegs ?? []);
  const def = STRATEGIES[strategy];
  const ratio = def.editor === 'ratio' ? (options.ratio ?? null) : null;
  if (ratio && !(ratio.long < ratio.short)) throw invalid(RATIO_COUNT_MESSAGE);
  const legs: StructureLeg[] = [];
  const slots: OptionSlot[] = [];
  for (const t of def.legs) {
    if (t.kind === 'stock') {
      legs.push({ kind: 'stock', quantity: t.quantity });
      continue;
    }
    const quantity = ratio ? (t.quantity > 0 ? ratio.long : -ratio.short) : t.quantity;
    legs.push({ kind: 'option', option: slots.length });
    slots.push({
      right: t.right,
      isCall: t.right === 'CALL',
      quantity,
      strikeSlot: t.strikeSlot,
      expirationSlot: t.expirationSlot,
    });
  }
  const calendar = strategy === 'long_call_calendar_spread' || strategy === 'long_put_calendar_spread';
  const diagonal = strategy === 'long_call_diagonal_spread' || strategy === 'long_put_diagonal_spread';
  return {
    strategy,
    legs,
    options: slots,
    strikeSlots: Math.max(0, ...slots.map((s) => s.strikeSlot)) + 1,
    mode: calendar ? 'calendar' : diagonal ? 'diagonal' : 'slots',
    equalWings: strategy === 'call_butterfly' || strategy === 'put_butterfly',
  };
}

function customStructure(custom: readonly CustomLeg[]): Structure {
  const legs: StructureLeg[] = [];
  const slots: OptionSlot[] = [];
  let slot = -1;
  for (const leg of custom) {
    if (leg.kind === 'stock') {
      legs.push({ kind: 'stock', quantity: leg.quantity });
      continue;
    }
    slot = slot < 0 || (leg.strike ?? 'greater') === 'greater' ? slot + 1 : slot;
    const twin = slots.find((s) => s.strikeSlot === slot && s.right === leg.right);
    if (twin) throw invalid(`Two ${leg.right} legs at the same strike: combine them into one leg.`);
    legs.push({ kind: 'option', option: slots.length });
    slots.push({
      right: leg.right,
      isCall: leg.right === 'CALL',
      quantity: leg.quantity,
      strikeSlot: slot,
      expirationSlot: 0,
    });
  }
  const structure: Structure = {
    strategy: 'custom',
    legs,
    options: slots,
    strikeSlots: slot + 1,
    mode: 'slots',
    equalWings: false,
  };
  // The domain's leg rules on an instance (strikes 100, 105, …): counts and quantities.
  const check = validateLegs('custom', sampleLegs(structure));
  if (!check.ok) throw invalid(check.reason);
  return structure;
}

/** One instance of the structure on made-up strikes and dates (for validation). */
export function sampleLegs(structure: Structure): Leg[] {
  return structure.legs.map((leg): Leg => {
    if (leg.kind === 'stock') return { contract: { kind: 'stock', symbol: 'XYZ' }, quantity: leg.quantity };
    const s = structure.options[leg.option]!;
    return {
      contract: {
        kind: 'option',
        underlying: 'XYZ',
        right: s.right,
        expiration: s.expirationSlot === 0 ? '2030-01-18' : '2030-02-15',
        strike: 100 + 5 * s.strikeSlot,
      },
      quantity: s.quantity,
    };
  });
}
