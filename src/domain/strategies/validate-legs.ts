/**
 * Do these legs form this strategy? The answer behind LEGS_MISMATCH, with the first rule broken.
 *
 * Fixed strategies are checked against their catalogue template: leg kinds and rights, buy/sell
 * sides, quantities in the template's proportion (any whole number of lots; a covered call holds
 * 100 shares per call contract), expirations by slot (one expiration, or sold front and bought
 * back), and strikes by slot (a lower slot is a strictly lower strike, equal slots share a strike).
 * Butterflies also need equal wings, diagonals different strikes. Ratio spreads take any counts of
 * 1–99 with more sold than bought; custom strategies have their own limits (spec 2 §5).
 */
import type { Leg, OptionContract, Right } from '../contracts/contract.ts';
import {
  CUSTOM_MAX_OPTION_LEGS,
  CUSTOM_MAX_OPTION_QUANTITY,
  CUSTOM_MAX_STOCK_LOTS,
  RATIO_COUNT_MESSAGE,
  RATIO_MAX_COUNT,
  STRATEGIES,
} from './catalogue.ts';
import type { OptionLegTemplate, StockLegTemplate, StrategyDefinition } from './definition.ts';
import type { StrategyKey } from './strategy-key.ts';

export type LegsValidation = { readonly ok: true } | { readonly ok: false; readonly reason: string };

const OK: LegsValidation = { ok: true };
const fail = (reason: string): LegsValidation => ({ ok: false, reason });

const DATE = /^\d{4}-\d{2}-\d{2}$/;
// Strikes are quoted in cents; equal wings allow for binary rounding of e.g. 97.5 − 95.
const STRIKE_EPS = 1e-9;

interface OptionLeg {
  readonly contract: OptionContract;
  readonly quantity: number;
}

const isOptionLeg = (leg: Leg): leg is OptionLeg => leg.contract.kind === 'option';
const underlyingOf = (leg: Leg): string =>
  leg.contract.kind === 'option' ? leg.contract.underlying : leg.contract.symbol;
const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

export function validateLegs(strategy: StrategyKey, legs: readonly Leg[]): LegsValidation {
  const basic = validateBasics(legs);
  if (!basic.ok) return basic;
  const def = STRATEGIES[strategy];
  if (def.editor === 'custom') return validateCustom(legs);
  return validateTemplate(def, legs);
}

function validateBasics(legs: readonly Leg[]): LegsValidation {
  if (legs.length === 0) return fail('The strategy has no legs.');
  for (const leg of legs) {
    if (!Number.isInteger(leg.quantity) || leg.quantity === 0) {
      return fail('Every leg needs a whole, non-zero quantity.');
    }
    if (isOptionLeg(leg)) {
      const { strike, expiration } = leg.contract;
      if (!(Number.isFinite(strike) && strike > 0)) return fail('Every option leg needs a positive strike.');
      if (!DATE.test(expiration)) return fail('Every option leg needs an expiration date (YYYY-MM-DD).');
    }
  }
  const first = underlyingOf(legs[0]!);
  if (legs.some((l) => underlyingOf(l) !== first)) return fail('All legs need the same underlying.');
  return OK;
}

function sameExpiration(options: readonly OptionLeg[]): boolean {
  return options.every((l) => l.contract.expiration === options[0]?.contract.expiration);
}

function validateCustom(legs: readonly Leg[]): LegsValidation {
  const options = legs.filter(isOptionLeg);
  const stocks = legs.filter((l) => l.contract.kind === 'stock');
  if (options.length === 0) return fail('A custom strategy needs at least one option leg.');
  if (stocks.length > 1) return fail('Only one stock leg is allowed.');
  if (options.length > CUSTOM_MAX_OPTION_LEGS)
    return fail(`Up to ${CUSTOM_MAX_OPTION_LEGS} option legs are allowed.`);
  if (options.some((l) => Math.abs(l.quantity) > CUSTOM_MAX_OPTION_QUANTITY)) {
    return fail(`Option quantities are 1 to ${CUSTOM_MAX_OPTION_QUANTITY} contracts.`);
  }
  const shares = stocks[0] ? Math.abs(stocks[0].quantity) : 100;
  if (shares % 100 !== 0 || shares > CUSTOM_MAX_STOCK_LOTS * 100) {
    return fail(`The stock quantity is 100 to ${CUSTOM_MAX_STOCK_LOTS * 100} shares in steps of 100.`);
  }
  if (!sameExpiration(options)) return fail('All option legs need the same expiration.');
  return OK;
}

interface Matched {
  readonly template: OptionLegTemplate;
  readonly leg: OptionLeg;
}

function validateTemplate(def: StrategyDefinition, legs: readonly Leg[]): LegsValidation {
  const stockTemplates = def.legs.filter((t): t is StockLegTemplate => t.kind === 'stock');
  const optionTemplates = def.legs.filter((t): t is OptionLegTemplate => t.kind === 'option');
  const stocks = legs.filter((l) => l.contract.kind === 'stock');
  const options = legs.filter(isOptionLeg);

  if (stocks.length !== stockTemplates.length || options.length !== optionTemplates.length) {
    const want = [plural(stockTemplates.length, 'stock leg'), plural(optionTemplates.length, 'option leg')];
    const got = [plural(stocks.length, 'stock leg'), plural(options.length, 'option leg')];
    const which = stockTemplates.length === 0 && stocks.length === 0 ? 1 : 0;
    return fail(
      `${def.title} needs ${want.slice(which).join(' and ')}; got ${got.slice(which).join(' and ')}.`,
    );
  }

  const matched = matchOptions(optionTemplates, options);
  if (typeof matched === 'string') return fail(`${def.title} ${matched}.`);

  const stockSign = stockTemplates[0] ? Math.sign(stockTemplates[0].quantity) : 0;
  if (stocks[0] && Math.sign(stocks[0].quantity) !== stockSign) {
    return fail(
      `${def.title} ${stockSign > 0 ? 'holds' : 'sells'} the stock ${stockSign > 0 ? 'long' : 'short'}.`,
    );
  }

  const quantities =
    def.editor === 'ratio'
      ? checkRatioCounts(matched)
      : checkProportions(def, matched, stocks[0], stockTemplates[0]);
  if (!quantities.ok) return quantities;

  const expirations = checkExpirations(matched);
  if (!expirations.ok) return expirations;
  return checkStrikes(def, matched);
}

/**
 * Pairs legs with templates: same right and side; within a (right, side) group the lower strike
 * takes the lower strike slot. Returns a reason fragment when the rights or sides differ.
 */
function matchOptions(
  templates: readonly OptionLegTemplate[],
  legs: readonly OptionLeg[],
): Matched[] | string {
  const groupKey = (right: Right, quantity: number) => `${right}:${quantity > 0 ? 'buy' : 'sell'}`;
  const byGroup = new Map<string, { templates: OptionLegTemplate[]; legs: OptionLeg[] }>();
  for (const t of templates) {
    const key = groupKey(t.right, t.quantity);
    const g = byGroup.get(key) ?? { templates: [], legs: [] };
    g.templates.push(t);
    byGroup.set(key, g);
  }
  for (const leg of legs) {
    const g = byGroup.get(groupKey(leg.contract.right, leg.quantity));
    if (!g) return describeSides(templates);
    g.legs.push(leg);
  }
  const matched: Matched[] = [];
  for (const g of byGroup.values()) {
    if (g.templates.length !== g.legs.length) return describeSides(templates);
    const ts = [...g.templates].sort((a, b) => a.strikeSlot - b.strikeSlot);
    const ls = [...g.legs].sort((a, b) => a.contract.strike - b.contract.strike);
    ts.forEach((template, i) => {
      matched.push({ template, leg: ls[i]! });
    });
  }
  return matched;
}

function describeSides(templates: readonly OptionLegTemplate[]): string {
  const parts = templates.map((t) => {
    const n = Math.abs(t.quantity);
    return `${t.quantity > 0 ? 'buys' : 'sells'} ${n === 1 ? 'a' : n} ${t.right}${n === 1 ? '' : 's'}`;
  });
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** Every quantity is the same whole multiple of its template quantity. */
function checkProportions(
  def: StrategyDefinition,
  matched: readonly Matched[],
  stock: Leg | undefined,
  stockTemplate: StockLegTemplate | undefined,
): LegsValidation {
  const first = matched[0];
  if (!first) {
    // Stock alone: whole lots of 100 shares.
    const lots = stock && stockTemplate ? stock.quantity / stockTemplate.quantity : 0;
    return Number.isInteger(lots) && lots > 0 ? OK : fail(`${def.title} trades shares in multiples of 100.`);
  }
  const lots = first.leg.quantity / first.template.quantity;
  const ratio = def.legs.map((t) => t.quantity).join(' : ');
  if (!Number.isInteger(lots) || matched.some((m) => m.leg.quantity !== lots * m.template.quantity)) {
    return fail(`${def.title} quantities keep the ratio ${ratio}.`);
  }
  if (stock && stockTemplate && stock.quantity !== lots * stockTemplate.quantity) {
    return fail(`${def.title} holds ${Math.abs(stockTemplate.quantity)} shares per option contract.`);
  }
  return OK;
}

function checkRatioCounts(matched: readonly Matched[]): LegsValidation {
  const long = matched.find((m) => m.leg.quantity > 0)!.leg.quantity;
  const short = -matched.find((m) => m.leg.quantity < 0)!.leg.quantity;
  if (long > RATIO_MAX_COUNT || short > RATIO_MAX_COUNT) {
    return fail(`The Long and Short counts are each 1 to ${RATIO_MAX_COUNT}.`);
  }
  return long < short ? OK : fail(RATIO_COUNT_MESSAGE);
}

function checkExpirations(matched: readonly Matched[]): LegsValidation {
  const slots = Math.max(0, ...matched.map((m) => m.template.expirationSlot)) + 1;
  if (slots === 1) {
    return sameExpiration(matched.map((m) => m.leg)) ? OK : fail('All legs need the same expiration.');
  }
  for (const a of matched) {
    for (const b of matched) {
      const ea = a.leg.contract.expiration;
      const eb = b.leg.contract.expiration;
      if (a.template.expirationSlot < b.template.expirationSlot && !(ea < eb)) {
        return fail(`The ${a.template.label} leg must expire before the ${b.template.label} leg.`);
      }
    }
  }
  return OK;
}

function checkStrikes(def: StrategyDefinition, matched: readonly Matched[]): LegsValidation {
  if (def.key === 'long_call_diagonal_spread' || def.key === 'long_put_diagonal_spread') {
    const [a, b] = matched;
    return a && b && a.leg.contract.strike !== b.leg.contract.strike
      ? OK
      : fail('The Front and Back legs need different strikes.');
  }
  for (const a of matched) {
    for (const b of matched) {
      const ka = a.leg.contract.strike;
      const kb = b.leg.contract.strike;
      if (a.template.strikeSlot === b.template.strikeSlot && ka !== kb) {
        return fail(`The ${a.template.label} and the ${b.template.label} legs need the same strike.`);
      }
      if (a.template.strikeSlot < b.template.strikeSlot && !(ka < kb)) {
        return fail(`The ${a.template.label} strike must be below the ${b.template.label} strike.`);
      }
    }
  }
  if (def.key === 'call_butterfly' || def.key === 'put_butterfly') {
    const k = matched.map((m) => m.leg.contract.strike).sort((x, y) => x - y);
    const [low, mid, high] = k as [number, number, number];
    if (Math.abs(mid - low - (high - mid)) > STRIKE_EPS * high) {
      return fail('The butterfly wings need equal widths (the middle strike halfway between the others).');
    }
  }
  return OK;
}
