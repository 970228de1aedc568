/**
 * Every candidate trade of one strategy under a view, evaluated (docs/ANALYZER.md): the engine's
 * structure of the strategy (`structureOf`) and its strike enumeration (`StrikeCombinations`), per
 * expiration group of the view's chain, each combination valued by the domain's scenario
 * evaluator. Kept: trades that can both gain and lose more than it costs to cross their quotes,
 * within the max risk, balanced unless asked otherwise. Stock strategies are one trade of 100 shares.
 */
import type { Contract } from '#domain/contracts/contract.ts';
import { fillPrice } from '#domain/metrics/bid-ask.ts';
import { regTMargin } from '#domain/metrics/margin.ts';
import { buildPosition } from '#domain/metrics/position.ts';
import { hasProfitAndLoss, riskBelowSpreadCost } from '#domain/metrics/takeable.ts';
import type { LegQuote } from '#domain/metrics/types.ts';
import type { AnalyzerStrategy } from '#domain/scenario/behaviors.ts';
import {
  CONTRACT_SHARES,
  type ScenarioEvaluator,
  type ScenarioLegInput,
  type ScenarioOutcome,
} from '#domain/scenario/evaluate.ts';
import type { ScenarioOption } from '#domain/scenario/scenario-option.ts';
import { type CombinationVisitor, StrikeCombinations } from '#engine/enumerate.ts';
import { type Structure, structureOf } from '#engine/structure.ts';
import type { ChainOption, ExpirationGroup, ViewChain } from './view-chain.ts';

/** Rounding tolerance of equal wings, relative to the strike (as the engine's butterflies). */
const WING_EPS = 1e-9;
/** Shares per stock strategy (spec 3 §3). */
export const STOCK_SHARES = 100;

/** A leg of a candidate: the chain's option (null for shares), its valuation and its fill. */
export interface CandidateLeg {
  readonly chain: ChainOption | null;
  readonly option: ScenarioOption | null;
  readonly weight: number;
  readonly quantity: number;
  readonly fill: number;
  readonly bid: number;
  readonly ask: number;
}

export interface Candidate {
  readonly expiration: string | null;
  readonly legs: readonly CandidateLeg[];
  readonly outcome: ScenarioOutcome;
  readonly risk: number;
  readonly riskKind: 'maxLoss' | 'margin';
  readonly ret: number;
}

export interface CandidateSettings {
  readonly chain: ViewChain;
  readonly bidAskLevel: number;
  readonly onlyBalanced: boolean;
  readonly maxRisk: number | null;
  readonly evaluator: ScenarioEvaluator;
  /** The scenario valuation of a chain option (computed once per option). */
  readonly optionOf: (o: ChainOption) => ScenarioOption;
  /** Called every `CHECK_EVERY` candidates: throws to stop the run. */
  readonly check: () => void;
}

export const CHECK_EVERY = 1024;

/**
 * Candidates of `strategy`, one expiration group at a time (`between` awaited before each); none
 * with shares on an index.
 */
export async function strategyCandidates(
  strategy: AnalyzerStrategy,
  s: CandidateSettings,
  between: () => Promise<void>,
): Promise<{ kept: Candidate[]; evaluated: number }> {
  const kept: Candidate[] = [];
  let evaluated = 0;
  const consider = (expiration: string | null, legs: CandidateLeg[]) => {
    if (++evaluated % CHECK_EVERY === 0) s.check();
    const c = candidateOf(s, expiration, legs);
    if (c) kept.push(c);
  };
  const stockOnly = strategy === 'long_stock' || strategy === 'short_stock';
  const structure = stockOnly ? null : structureOf(strategy);
  // An index has no shares: its strategies with a stock leg have no candidates (docs/ENGINE.md).
  if (!s.chain.sharesTraded && (stockOnly || structure!.legs.some((l) => l.kind === 'stock')))
    return { kept, evaluated };
  if (!structure) {
    consider(null, [stockLeg(s, strategy === 'long_stock' ? STOCK_SHARES : -STOCK_SHARES)]);
    return { kept, evaluated };
  }
  const combos = new StrikeCombinations();
  for (let g = 0; g < s.chain.groups.length; g++) {
    await between();
    const group = s.chain.groups[g]!;
    enumerateGroup(
      structure,
      g,
      combos,
      s,
      (legs) => consider(group.expiration, legs),
      (picked) => balanced(strategy, structure, group, picked, s.onlyBalanced),
    );
  }
  return { kept, evaluated };
}

function stockLeg(s: CandidateSettings, shares: number): CandidateLeg {
  const { stockBid: bid, stockAsk: ask } = s.chain;
  return {
    chain: null,
    option: null,
    weight: shares / CONTRACT_SHARES,
    quantity: shares,
    fill: fillPrice(bid, ask, shares, s.bidAskLevel),
    bid,
    ask,
  };
}

/** Iron condors' wings equal unless unbalanced ones are asked for (iron butterflies: the enumeration's mirror). */
function balanced(
  strategy: AnalyzerStrategy,
  structure: Structure,
  group: ExpirationGroup,
  picked: Int32Array,
  onlyBalanced: boolean,
): boolean {
  if (!onlyBalanced || strategy !== 'iron_condor' || structure.strikeSlots !== 4) return true;
  const k = (slot: number) => group.strikes[picked[slot]!]!;
  return Math.abs(k(1) - k(0) - (k(3) - k(2))) <= WING_EPS * k(3);
}

function enumerateGroup(
  structure: Structure,
  g: number,
  combos: StrikeCombinations,
  s: CandidateSettings,
  emit: (legs: CandidateLeg[]) => void,
  accept: (picked: Int32Array) => boolean,
): void {
  const group = s.chain.groups[g]!;
  const m = group.strikes.length;
  if (m === 0) return;
  // The enumeration reads strike j at strikes[2j].
  const strikes = new Float64Array(2 * m);
  for (let j = 0; j < m; j++) strikes[2 * j] = group.strikes[j]!;
  const equalWings = structure.equalWings || (s.onlyBalanced && structure.strategy === 'iron_butterfly');
  combos.start(structure.strikeSlots, m, strikes, 0, Infinity, equalWings);
  for (const slot of structure.options) {
    const side = slot.isCall ? group.calls : group.puts;
    for (let j = 0; j < m; j++) if (!side[j]) combos.ok[slot.strikeSlot * m + j] = 0;
  }
  const visitor: CombinationVisitor = {
    visit(picked) {
      if (!accept(picked)) return;
      emit(
        structure.legs.map((leg): CandidateLeg => {
          if (leg.kind === 'stock') return stockLeg(s, leg.quantity);
          const slot = structure.options[leg.option]!;
          const o = (slot.isCall ? group.calls : group.puts)[picked[slot.strikeSlot]!]!;
          return {
            chain: o,
            option: s.optionOf(o),
            weight: slot.quantity,
            quantity: slot.quantity,
            fill: fillPrice(o.bid, o.ask, slot.quantity, s.bidAskLevel),
            bid: o.bid,
            ask: o.ask,
          };
        }),
      );
    },
    floor: () => Number.NaN,
    skipped: () => {},
  };
  combos.run(visitor);
}

/** The margin of a trade whose loss is unbounded (docs/METRICS.md, Reg-T), dollars. */
function marginOf(s: CandidateSettings, legs: readonly CandidateLeg[]): number {
  const { chain } = s;
  const quotes = legs.map((l): LegQuote => {
    const contract: Contract = l.chain ? l.chain.contract : { kind: 'stock', symbol: chain.symbol };
    return { contract, quantity: l.quantity, bid: l.bid, ask: l.ask, iv: l.chain?.iv ?? 0 };
  });
  const pos = buildPosition({
    strategy: 'custom',
    legs: quotes,
    underlying: { symbol: chain.symbol, price: chain.spot, iv: 0, dividendYield: chain.dividendYield },
    env: { asOfMs: chain.asOfMs, riskFreeRate: chain.rate },
    bidAskLevel: s.bidAskLevel,
  });
  return CONTRACT_SHARES * regTMargin(pos, Infinity);
}

function candidateOf(
  s: CandidateSettings,
  expiration: string | null,
  legs: CandidateLeg[],
): Candidate | null {
  const outcome = s.evaluator.evaluate(legs satisfies readonly ScenarioLegInput[]);
  // Only trades a trader can take: something to gain and something to lose (docs/ENGINE.md), in
  // dollars a trade, on the spot's scale.
  const scale = 1e-9 * CONTRACT_SHARES * Math.max(s.chain.spot, 1);
  if (!hasProfitAndLoss(outcome.maxProfit, outcome.maxLoss, scale)) return null;
  const unbounded = outcome.maxLoss === Infinity;
  const risk = unbounded ? marginOf(s, legs) : outcome.maxLoss;
  if (!(risk > 0) || riskBelowSpreadCost(risk, legs)) return null;
  if (s.maxRisk !== null && risk > s.maxRisk) return null;
  const ret = outcome.expectedPl / risk;
  if (!Number.isFinite(ret) || !Number.isFinite(outcome.probProfit)) return null;
  return { expiration, legs, outcome, risk, riskKind: unbounded ? 'margin' : 'maxLoss', ret };
}
