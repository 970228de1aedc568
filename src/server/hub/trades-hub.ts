/**
 * The trades hub at /hubs/trades (docs/LIVE.md): `registerTrade` keeps trades live and pushes
 * `onTradeChange` with the values that changed; `subscribeQuotes` pushes `onQuotes`. Work follows
 * the market's ticks: a tick (delivered inside the market's update) only notes which underlyings
 * moved; a pass right after recalculates the registered trades of those underlyings from the
 * frame the tick published, and each connection gets at most one WebSocket frame per pass
 * (`onTradeChange` and `onQuotes` together). The market is watched only while something is
 * registered.
 */

import type { FastifyInstance } from 'fastify';
import {
  type LiveTick,
  type LiveTradeChange,
  type RegisterTradeResult,
  type SubscribeQuotesResult,
  TRADES_HUB_EVENTS,
  TRADES_HUB_PATH,
  type TradesHubMethod,
  type TradesHubParsedArgs,
} from '#api/hub.ts';
import { tradesHubArgs } from '#api/hub-schemas.ts';
import type { ProbabilityModel } from '#domain/pricing/terminal-distribution.ts';
import type { Authenticator } from '../auth/authenticate.ts';
import type { MarketProvider, MarketTick } from '../market/provider.ts';
import type { HubConfig } from './hub-config.ts';
import { type HubConnection, HubError, type HubHandlers } from './hub-connection.ts';
import { type HubEndpoint, mountHub } from './hub-endpoint.ts';
import { invocation } from './hub-protocol.ts';
import { LiveMarket } from './live-market.ts';
import { liveFieldsOf } from './live-trade-state.ts';
import { QuoteBook, type QuoteEntry } from './quote-book.ts';
import { TradeBook, type TradeEntry, type TradeHolding } from './trade-book.ts';

interface Registration {
  readonly items: readonly { readonly entry: TradeEntry<Client>; readonly holding: TradeHolding<Client> }[];
}

interface Client {
  readonly connection: HubConnection;
  readonly registrations: Map<string, Registration>;
  quotes: readonly QuoteEntry<Client>[];
  /**
   * What the client holds, as text: clients holding the same (the same scan page, say) receive the
   * same frames, built once per pass.
   */
  signature: string;
}

function argsOf<M extends TradesHubMethod>(method: M, args: readonly unknown[]): TradesHubParsedArgs[M] {
  const parsed = tradesHubArgs[method].safeParse(args);
  if (parsed.success) return parsed.data as TradesHubParsedArgs[M];
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
  throw new HubError(`Invalid arguments for '${method}'${where}: ${issue?.message ?? 'invalid'}`);
}

export class TradesHub implements HubHandlers {
  readonly #provider: MarketProvider;
  readonly #config: HubConfig;
  /** The distribution of the live probabilities and expected values (docs/METRICS.md). */
  readonly #model: ProbabilityModel;
  readonly #clients = new Map<HubConnection, Client>();
  readonly #trades = new TradeBook<Client>();
  readonly #quotes = new QuoteBook<Client>();
  #market: LiveMarket | null = null;
  #unsubscribe: (() => void) | null = null;
  readonly #moved = new Set<string>();
  #relisted = false;
  #seq = 0;
  #passes = 0;
  #scheduled = false;

  constructor(deps: { market: MarketProvider; config: HubConfig; probabilityModel?: ProbabilityModel }) {
    this.#provider = deps.market;
    this.#config = deps.config;
    this.#model = deps.probabilityModel ?? 'smile';
  }

  /** Trades and quotes currently kept live (distinct entries), for tests and the benchmark. */
  get stats(): { clients: number; trades: number; backlog: number; quotes: number; watching: boolean } {
    return {
      clients: this.#clients.size,
      trades: this.#trades.size,
      /** Trades marked by a tick and not yet recalculated (over the last pass's budget). */
      backlog: this.#trades.pending,
      quotes: this.#quotes.size,
      watching: this.#unsubscribe !== null,
    };
  }

  connected(connection: HubConnection): void {
    this.#clients.set(connection, { connection, registrations: new Map(), quotes: [], signature: '' });
  }

  disconnected(connection: HubConnection): void {
    const client = this.#clients.get(connection);
    if (!client) return;
    this.#clients.delete(connection);
    for (const registration of client.registrations.values()) this.#drop(registration);
    for (const q of client.quotes) this.#quotes.release(q, client);
    this.#idleCheck();
  }

  invoke(connection: HubConnection, target: string, args: readonly unknown[]): unknown {
    const client = this.#clients.get(connection);
    if (!client) throw new HubError('Not connected.');
    switch (target) {
      case 'registerTrade':
        return this.#register(client, argsOf('registerTrade', args));
      case 'unregisterTrade': {
        const [registrationId] = argsOf('unregisterTrade', args);
        const registration = client.registrations.get(registrationId);
        client.registrations.delete(registrationId);
        if (registration) this.#drop(registration);
        this.#sign(client);
        this.#idleCheck();
        return null;
      }
      case 'subscribeQuotes':
        return this.#subscribeQuotes(client, argsOf('subscribeQuotes', args)[0]);
      default:
        throw new HubError(`Unknown hub method '${target}'.`);
    }
  }

  /** Stops watching the market (the endpoint closes the connections). */
  close(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = null;
    this.#market = null;
  }

  // --- methods -----------------------------------------------------------------------------------

  #register(
    client: Client,
    [trades, bidAskLevel, scenarios, registrationId, fields]: TradesHubParsedArgs['registerTrade'],
  ): RegisterTradeResult {
    const previous = client.registrations.get(registrationId);
    if (!previous && client.registrations.size >= this.#config.maxRegistrations)
      throw new HubError(`At most ${this.#config.maxRegistrations} registrations per connection.`);
    let held = 0;
    for (const [id, r] of client.registrations) if (id !== registrationId) held += r.items.length;
    if (held + trades.length > this.#config.maxTrades)
      throw new HubError(`At most ${this.#config.maxTrades} trades can be live on one connection.`);
    const market = this.#live();
    const view = market.view();
    const live = liveFieldsOf(fields);
    const start = `{"registrationId":${JSON.stringify(registrationId)},"id":`;
    const items: Registration['items'][number][] = [];
    const answer: LiveTradeChange[] = [];
    const unknown: string[] = [];
    for (const spec of trades) {
      const entry = this.#trades.acquire(market, view, spec, bidAskLevel, scenarios, live);
      if (!entry) {
        unknown.push(spec.id);
        continue;
      }
      const holding = { client, prefix: `${start}${JSON.stringify(spec.id)},` };
      this.#trades.hold(entry, holding);
      items.push({ entry, holding });
      answer.push({
        registrationId,
        id: spec.id,
        values: { ...entry.state.values },
        legs: [...entry.state.legs],
      });
    }
    // Released after the new holds, so entries both lists share are kept, not rebuilt.
    if (previous) this.#drop(previous);
    client.registrations.set(registrationId, { items });
    this.#sign(client);
    this.#idleCheck();
    return { registrationId, registered: items.length, trades: answer, unknown };
  }

  #sign(client: Client): void {
    const parts: string[] = [];
    for (const r of client.registrations.values())
      for (const { entry, holding } of r.items) parts.push(`${entry.serial}${holding.prefix}`);
    parts.push('|', ...client.quotes.map((q) => q.id));
    client.signature = parts.join('\n');
  }

  #drop(registration: Registration): void {
    for (const { entry, holding } of registration.items) this.#trades.release(entry, holding);
  }

  #subscribeQuotes(client: Client, ids: readonly string[]): SubscribeQuotesResult {
    const unique = [...new Set(ids)];
    if (unique.length > this.#config.maxQuotes)
      throw new HubError(`At most ${this.#config.maxQuotes} quotes per connection.`);
    const market = this.#live();
    const view = market.view();
    const entries: QuoteEntry<Client>[] = [];
    const unknown: string[] = [];
    for (const id of unique) {
      const entry = this.#quotes.acquire(market, view, id);
      if (!entry) unknown.push(id);
      else {
        this.#quotes.hold(entry, client);
        entries.push(entry);
      }
    }
    for (const old of client.quotes) if (!entries.includes(old)) this.#quotes.release(old, client);
    client.quotes = entries;
    this.#sign(client);
    this.#idleCheck();
    return { quotes: entries.map((e) => e.quote), unknown };
  }

  // --- the market --------------------------------------------------------------------------------

  /** The market frame reader, watching the market from the first registration on. */
  #live(): LiveMarket {
    if (!this.#market) {
      // The one provider read: it catches the market up with its clock; from here on the hub reads
      // the frames the ticks publish.
      this.#market = new LiveMarket(this.#provider.snapshot(), this.#provider.riskFreeRate(), this.#model);
      this.#unsubscribe ??= this.#provider.subscribe((tick) => this.#onTick(tick));
    }
    return this.#market;
  }

  /** Nothing registered any more: stop watching the market. */
  #idleCheck(): void {
    if (this.#trades.size > 0 || this.#quotes.size > 0) return;
    this.close();
    this.#moved.clear();
  }

  /** Runs inside the market's update (possibly inside some other reader's call): note and defer. */
  #onTick(tick: MarketTick): void {
    for (const s of tick.changed) this.#moved.add(s);
    if (tick.relisted) this.#relisted = true;
    this.#seq = tick.seq;
    this.#schedule();
  }

  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(() => this.#pass());
  }

  #pass(): void {
    this.#scheduled = false;
    if (!this.#market) return;
    let allQuotes = false;
    if (this.#relisted || this.#market.snapshot.retired) {
      this.#relisted = false;
      this.#market = new LiveMarket(this.#provider.snapshot(), this.#provider.riskFreeRate(), this.#model);
      this.#trades.relist(this.#market);
      this.#quotes.relist(this.#market);
      allQuotes = true;
    }
    const view = this.#market.view();
    const moved = [...this.#moved];
    this.#moved.clear();
    this.#trades.markMoved(moved);
    const pass = ++this.#passes;
    const trades = this.#trades.recalculate(view, performance.now() + this.#config.tickBudgetMs, pass);
    const quotes = this.#quotes.update(view, allQuotes ? null : moved, pass);
    // Entries left over for lack of time go first in the next tick's pass: one frame per tick.
    this.#deliver(trades, quotes, pass, { seq: this.#seq, time: view.asOfMs });
  }

  /** One frame per connection with its changed trades and quotes; the same frame text for the same holdings. */
  #deliver(
    trades: readonly TradeEntry<Client>[],
    quotes: readonly QuoteEntry<Client>[],
    pass: number,
    tick: LiveTick,
  ): void {
    const reached = new Set<Client>();
    for (const e of trades) for (const h of e.holders) reached.add(h.client);
    for (const q of quotes) for (const client of q.holders) reached.add(client);
    const tickJson = JSON.stringify(tick);
    const frames = new Map<string, string>();
    for (const client of reached) {
      let frame = frames.get(client.signature);
      if (frame === undefined) {
        frame = this.#frame(client, pass, tickJson);
        frames.set(client.signature, frame);
      }
      client.connection.sendRaw(frame);
    }
  }

  #frame(client: Client, pass: number, tickJson: string): string {
    const changes: string[] = [];
    for (const r of client.registrations.values())
      for (const { entry, holding } of r.items)
        if (entry.changedPass === pass) changes.push(holding.prefix + entry.changeJson);
    const quotes = client.quotes.filter((q) => q.changedPass === pass).map((q) => q.json);
    const message = (target: string, parts: string[]) =>
      parts.length ? invocation(target, `[[${parts.join(',')}],${tickJson}]`) : '';
    return message(TRADES_HUB_EVENTS.onTradeChange, changes) + message(TRADES_HUB_EVENTS.onQuotes, quotes);
  }
}

/** Mounts the trades hub on `app` (negotiate and WebSocket at /hubs/trades); stopped with the server. */
export async function mountTradesHub(
  app: FastifyInstance,
  deps: {
    authenticator: Authenticator;
    market: MarketProvider;
    config: HubConfig;
    probabilityModel?: ProbabilityModel;
  },
): Promise<{ hub: TradesHub; endpoint: HubEndpoint }> {
  const hub = new TradesHub({
    market: deps.market,
    config: deps.config,
    probabilityModel: deps.probabilityModel,
  });
  const endpoint = await mountHub(app, {
    path: TRADES_HUB_PATH,
    authenticator: deps.authenticator,
    handlers: hub,
    config: deps.config,
  });
  app.addHook('onClose', async () => hub.close());
  return { hub, endpoint };
}
