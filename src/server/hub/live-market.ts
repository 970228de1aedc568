/**
 * The market as the hub reads it: the snapshot frame the last tick published, read directly.
 * Every provider read first catches the market up with its clock, and a catch-up reprices every
 * underlying that traded meanwhile (tens of milliseconds), so thousands of provider reads per tick
 * would each start one. The hub asks the provider for the snapshot once, then reads its current
 * frame between ticks (nothing can flip it while the hub's synchronous pass runs). Row lookups are
 * cached for the snapshot's layout; a relisting brings a new snapshot and a new `LiveMarket`.
 */
import type { Contract, OptionContract } from '#domain/contracts/contract.ts';
import type { ProbabilityModel } from '#domain/pricing/terminal-distribution.ts';
import { MarketView } from '#engine/market-view.ts';
import type { MarketSnapshot } from '../market/snapshot.ts';

/** Where a contract lives in the snapshot: its underlying's row and, for an option, its option row. */
export interface ContractRows {
  readonly u: number;
  /** −1 for stock. */
  readonly row: number;
}

export class LiveMarket {
  readonly snapshot: MarketSnapshot;
  readonly #rate: number;
  readonly #underlyings = new Map<string, number>();
  readonly #expirations: ReadonlyMap<string, number>;
  readonly #options = new Map<string, number>();
  readonly #model: ProbabilityModel;
  /** The expirations' instants and cycles, the same for every frame of the snapshot. */
  #expirationTables: MarketView | undefined;

  constructor(snapshot: MarketSnapshot, riskFreeRate: number, model: ProbabilityModel = 'smile') {
    this.snapshot = snapshot;
    this.#rate = riskFreeRate;
    this.#model = model;
    snapshot.symbols.forEach((s, u) => {
      this.#underlyings.set(s, u);
    });
    this.#expirations = new Map(snapshot.expirations.map((e, i) => [e, i]));
  }

  /** The current frame as the engine reads one (valuation instant = the frame's time). */
  view(): MarketView {
    const frame = this.snapshot.front();
    const s = this.snapshot;
    const view = new MarketView({
      probabilityModel: this.#model,
      ...(this.#expirationTables ? { expirationTables: this.#expirationTables } : {}),
      cols: frame,
      symbols: s.symbols,
      expirations: s.expirations,
      industries: s.industries,
      asOfMs: frame.time,
      riskFreeRate: this.#rate,
    });
    this.#expirationTables ??= view;
    return view;
  }

  underlyingRow(symbol: string): number {
    return this.#underlyings.get(symbol) ?? -1;
  }

  /** Row of a listed option, −1 when the market does not list it. */
  optionRow(contract: OptionContract, id: string): number {
    let row = this.#options.get(id);
    if (row === undefined) {
      row = this.#findOption(contract);
      this.#options.set(id, row);
    }
    return row;
  }

  /** Rows of a contract; undefined when the market does not list it. */
  rows(contract: Contract, id: string): ContractRows | undefined {
    const symbol = contract.kind === 'stock' ? contract.symbol : contract.underlying;
    const u = this.underlyingRow(symbol);
    if (u < 0) return undefined;
    if (contract.kind === 'stock') return { u, row: -1 };
    const row = this.optionRow(contract, id);
    return row < 0 ? undefined : { u, row };
  }

  #findOption(contract: OptionContract): number {
    const u = this.underlyingRow(contract.underlying);
    const e = this.#expirations.get(contract.expiration);
    if (u < 0 || e === undefined) return -1;
    const f = this.snapshot.front();
    const g = f.groups;
    for (let gi = f.underlyings.groupStart[u]!; gi < f.underlyings.groupEnd[u]!; gi++) {
      if (g.expiration[gi] !== e) continue;
      // Strikes ascend with a call and a put each: binary search over the calls.
      const start = g.start[gi]!;
      let lo = 0;
      let hi = (g.end[gi]! - start) / 2 - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        const k = f.options.strike[start + 2 * mid]!;
        if (k === contract.strike) return start + 2 * mid + (contract.right === 'PUT' ? 1 : 0);
        if (k < contract.strike) lo = mid + 1;
        else hi = mid - 1;
      }
    }
    return -1;
  }
}
