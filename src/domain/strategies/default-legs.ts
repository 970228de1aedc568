/**
 * Default legs of a strategy for the order editor: the catalogue's templates, and a way to turn
 * them into real legs once the editor has chosen strikes and expirations.
 */
import type { Leg } from '../contracts/contract.ts';
import { STRATEGIES } from './catalogue.ts';
import type { LegTemplate } from './definition.ts';
import type { StrategyKey } from './strategy-key.ts';

/** The strategy's template legs for a 1-lot (empty for custom). */
export const defaultLegs = (strategy: StrategyKey): readonly LegTemplate[] => STRATEGIES[strategy].legs;

/** How many distinct strikes and expirations the templates need. */
export function templateSlots(templates: readonly LegTemplate[]): { strikes: number; expirations: number } {
  let strikes = 0;
  let expirations = 0;
  for (const t of templates) {
    if (t.kind !== 'option') continue;
    strikes = Math.max(strikes, t.strikeSlot + 1);
    expirations = Math.max(expirations, t.expirationSlot + 1);
  }
  return { strikes, expirations };
}

export interface TemplateChoice {
  readonly underlying: string;
  /** One strike per strike slot, ascending (slot 0 is the lowest). */
  readonly strikes: readonly number[];
  /** One `YYYY-MM-DD` per expiration slot, ascending (slot 0 is the front). */
  readonly expirations: readonly string[];
  /** Multiplies every template quantity (lots); 1 by default. */
  readonly lots?: number;
}

/**
 * Legs built from templates. Throws when a slot has no strike or expiration: the caller chooses
 * `templateSlots(templates)` values first.
 */
export function legsFromTemplates(templates: readonly LegTemplate[], choice: TemplateChoice): Leg[] {
  const lots = choice.lots ?? 1;
  return templates.map((t): Leg => {
    if (t.kind === 'stock') {
      return { contract: { kind: 'stock', symbol: choice.underlying }, quantity: t.quantity * lots };
    }
    const strike = choice.strikes[t.strikeSlot];
    const expiration = choice.expirations[t.expirationSlot];
    if (strike === undefined || expiration === undefined) {
      throw new Error(`No strike or expiration chosen for template leg '${t.label}'.`);
    }
    return {
      contract: { kind: 'option', underlying: choice.underlying, right: t.right, expiration, strike },
      quantity: t.quantity * lots,
    };
  });
}
