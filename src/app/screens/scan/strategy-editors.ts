/**
 * The custom-legs and ratio editors' rules and messages (spec 2 §5): at most one stock leg,
 * four option legs, and the plan's total; quantities 1–9 (stock 100–900 in steps of 100); buy or
 * sell flips the sign; later option legs take the strike of the leg above or a greater one.
 * Ratio counts are each 1–99, both required, fewer long than short.
 */
import type { ScanCustomLeg } from '#api/screener-model.ts';
import {
  CUSTOM_MAX_OPTION_LEGS,
  CUSTOM_MAX_OPTION_QUANTITY,
  CUSTOM_MAX_STOCK_LOTS,
  RATIO_COUNT_MESSAGE,
  RATIO_MAX_COUNT,
} from '#domain/strategies/catalogue.ts';

export const ONE_STOCK_LEG_MESSAGE = 'Only one stock leg is allowed.';
export const OPTION_LEGS_MESSAGE = `Up to ${CUSTOM_MAX_OPTION_LEGS} option legs are allowed.`;
export const NEEDS_OPTION_LEG_MESSAGE = 'A custom strategy needs at least one option leg.';
export const RATIO_REQUIRED_MESSAGE = `Both counts are required, 1 to ${RATIO_MAX_COUNT} each.`;
export { RATIO_COUNT_MESSAGE };

export const planLegLimitMessage = (max: number): string =>
  `You have reached the maximum legs (${max}) allowed on your current subscription plan.`;

export const STOCK_LOT = 100;
export const OPTION_QUANTITIES = Array.from({ length: CUSTOM_MAX_OPTION_QUANTITY }, (_, i) => i + 1);
export const STOCK_QUANTITIES = Array.from({ length: CUSTOM_MAX_STOCK_LOTS }, (_, i) => (i + 1) * STOCK_LOT);

export type LegAddition = 'option' | 'stock';

/** Why a leg of that kind cannot be added now, or null when it can. */
export function additionBlock(
  legs: readonly ScanCustomLeg[],
  kind: LegAddition,
  planMax: number,
): { message: string; upgrade: boolean } | null {
  if (legs.length >= planMax) return { message: planLegLimitMessage(planMax), upgrade: true };
  if (kind === 'stock' && legs.some((l) => l.kind === 'stock'))
    return { message: ONE_STOCK_LEG_MESSAGE, upgrade: false };
  if (kind === 'option' && legs.filter((l) => l.kind === 'option').length >= CUSTOM_MAX_OPTION_LEGS)
    return { message: OPTION_LEGS_MESSAGE, upgrade: false };
  return null;
}

export function addLeg(legs: readonly ScanCustomLeg[], kind: LegAddition): ScanCustomLeg[] {
  if (kind === 'stock') return [...legs, { kind: 'stock', quantity: STOCK_LOT }];
  const hasOption = legs.some((l) => l.kind === 'option');
  return [
    ...legs,
    { kind: 'option', right: 'CALL', quantity: 1, ...(hasOption ? { strike: 'greater' } : {}) },
  ];
}

/** Removing a leg; the first option leg left has no leg above it, so no strike relation. */
export function removeLeg(legs: readonly ScanCustomLeg[], at: number): ScanCustomLeg[] {
  const rest = legs.filter((_, i) => i !== at);
  const first = rest.findIndex((l) => l.kind === 'option');
  return rest.map((l, i) => {
    if (i !== first || l.kind !== 'option' || l.strike === undefined) return l;
    const { strike: _strike, ...plain } = l;
    return plain;
  });
}

/** Buy or sell: the sign of the quantity. */
export const withSide = (leg: ScanCustomLeg, buy: boolean): ScanCustomLeg => ({
  ...leg,
  quantity: (buy ? 1 : -1) * Math.abs(leg.quantity),
});

export const withSize = (leg: ScanCustomLeg, size: number): ScanCustomLeg => ({
  ...leg,
  quantity: Math.sign(leg.quantity || 1) * size,
});

/** Problems that keep Done from committing the legs; empty when they can be scanned. */
export function customLegsIssues(legs: readonly ScanCustomLeg[], planMax: number): string[] {
  const issues: string[] = [];
  const options = legs.filter((l) => l.kind === 'option');
  if (options.length === 0) issues.push(NEEDS_OPTION_LEG_MESSAGE);
  if (legs.filter((l) => l.kind === 'stock').length > 1) issues.push(ONE_STOCK_LEG_MESSAGE);
  if (options.length > CUSTOM_MAX_OPTION_LEGS) issues.push(OPTION_LEGS_MESSAGE);
  if (legs.length > planMax) issues.push(planLegLimitMessage(planMax));
  return issues;
}

const isCount = (n: number | null): n is number =>
  n !== null && Number.isInteger(n) && n >= 1 && n <= RATIO_MAX_COUNT;

/** The ratio editor's message for these counts, or null when they can be used. */
export function ratioIssue(long: number | null, short: number | null): string | null {
  if (!isCount(long) || !isCount(short)) return RATIO_REQUIRED_MESSAGE;
  return long < short ? null : RATIO_COUNT_MESSAGE;
}
