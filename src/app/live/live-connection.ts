/**
 * The app's one live connection (spec 2 §4.7, docs/LIVE.md), over the official SignalR client.
 * Loaded on demand (`live-client.ts`): nothing here is in the first download. Screens showing
 * live data acquire it and release it when they go; it starts with the first and stops a little
 * after the last. It keeps what is registered (trades by registration id, the quotes every screen
 * wants) and sends it again after every (re)connect, since the server forgets a connection's
 * registrations when it drops. It reconnects on its own, 120 tries 5 s apart (first start
 * included); failures are only logged. Pushes go to the query cache through `live-cache.ts`.
 */
import {
  HttpTransportType,
  type HubConnection,
  HubConnectionBuilder,
  HubConnectionState,
  type ILogger,
  LogLevel,
} from '@microsoft/signalr';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import {
  HUB_LIMITS,
  type LiveQuote,
  type LiveScenario,
  type LiveTradeChange,
  type LiveTradeSpec,
  TRADES_HUB_EVENTS,
  TRADES_HUB_PATH,
  type TradesHubArgs,
  type TradesHubMethod,
  type TradesHubResults,
} from '#api/hub.ts';
import { storedToken } from '../auth/token.ts';
import { applyQuotes, applyTradeUpdates } from './live-cache.ts';
import { setLiveStatus } from './live-status.ts';
import { decodeTradeChange } from './trade-merge.ts';

/** Automatic reconnect: 120 tries, 5 s apart. */
export const RECONNECT_DELAYS_MS: readonly number[] = Array.from({ length: 120 }, () => 5000);
/** The connection outlives its last screen this long, so moving between live screens keeps it, ms. */
const LINGER_MS = 3000;

export interface TradeRegistration {
  readonly trades: readonly LiveTradeSpec[];
  readonly bidAskLevel: number;
  readonly scenarios: readonly LiveScenario[];
  readonly fields: readonly string[] | null;
  /** The query whose rows the pushed values update. */
  readonly queryKey: QueryKey;
}

export interface LiveConnectionOptions {
  /** Hub address; default the app's own origin. */
  readonly url?: string;
  readonly reconnectDelaysMs?: readonly number[];
  readonly lingerMs?: number;
}

/** Failures are logged, never shown: the indicator says reconnecting or offline. */
const logger: ILogger = {
  log(level, message) {
    if (level >= LogLevel.Warning) console.warn(`[live] ${message}`);
  },
};

export class LiveConnection {
  readonly #queryClient: QueryClient;
  readonly #url: string;
  readonly #delays: readonly number[];
  readonly #lingerMs: number;
  readonly #registrations = new Map<string, TradeRegistration>();
  readonly #pendingUnregister = new Set<string>();
  readonly #quoteOwners = new Map<object, readonly string[]>();
  #quotesSent = '';
  #quotesScheduled = false;
  #connection: HubConnection | null = null;
  #users = 0;
  #linger: ReturnType<typeof setTimeout> | undefined;
  #retry: ReturnType<typeof setTimeout> | undefined;

  constructor(queryClient: QueryClient, options: LiveConnectionOptions = {}) {
    this.#queryClient = queryClient;
    this.#url = options.url ?? TRADES_HUB_PATH;
    this.#delays = options.reconnectDelaysMs ?? RECONNECT_DELAYS_MS;
    this.#lingerMs = options.lingerMs ?? LINGER_MS;
    if (typeof window !== 'undefined') {
      window.addEventListener('online', () => this.#wake());
      window.addEventListener('offline', () => this.#onOffline());
    }
  }

  /** A screen showing live data appeared. */
  acquire(): void {
    this.#users++;
    clearTimeout(this.#linger);
    if (!this.#connection) this.#start();
  }

  /** It went; the connection stops a little after the last one. */
  release(): void {
    this.#users = Math.max(0, this.#users - 1);
    if (this.#users === 0) this.#linger = setTimeout(() => this.#stop(), this.#lingerMs);
  }

  /** Keeps `registration` live under `id` (replacing what the id held). */
  register(id: string, registration: TradeRegistration): void {
    this.#pendingUnregister.delete(id);
    this.#registrations.set(id, registration);
    if (this.#connected()) void this.#sendRegistration(id, registration);
  }

  /** Stops a registration; deferred a moment, so an immediate `register` of the same id replaces instead. */
  unregister(id: string): void {
    this.#pendingUnregister.add(id);
    queueMicrotask(() => {
      if (!this.#pendingUnregister.delete(id)) return;
      this.#registrations.delete(id);
      if (this.#connected()) this.#call('unregisterTrade', id).catch(this.#log);
    });
  }

  /** The quotes `owner` wants (symbols and option ids); an empty list drops them. */
  setQuotes(owner: object, ids: readonly string[]): void {
    if (ids.length === 0) this.#quoteOwners.delete(owner);
    else this.#quoteOwners.set(owner, ids);
    if (this.#quotesScheduled) return;
    this.#quotesScheduled = true;
    queueMicrotask(() => {
      this.#quotesScheduled = false;
      this.#syncQuotes();
    });
  }

  // --- connection --------------------------------------------------------------------------------

  #connected(): boolean {
    return this.#connection?.state === HubConnectionState.Connected;
  }

  #call<M extends TradesHubMethod>(method: M, ...args: TradesHubArgs[M]): Promise<TradesHubResults[M]> {
    const connection = this.#connection;
    if (!connection) return Promise.reject(new Error('not connected'));
    return connection.invoke<TradesHubResults[M]>(method, ...args);
  }

  readonly #log = (err: unknown): void => {
    console.warn('[live]', err instanceof Error ? err.message : err);
  };

  #start(): void {
    const connection = new HubConnectionBuilder()
      .withUrl(this.#url, {
        // Read on every (re)connect, so a renewed sign-in is used.
        accessTokenFactory: () => storedToken() ?? '',
        transport: HttpTransportType.WebSockets,
      })
      .withAutomaticReconnect([...this.#delays])
      .configureLogging(logger)
      .build();
    connection.on(TRADES_HUB_EVENTS.onTradeChange, (changes: LiveTradeChange[]) => {
      this.#onTrades(changes);
    });
    connection.on(TRADES_HUB_EVENTS.onQuotes, (quotes: LiveQuote[]) => {
      this.#onQuotes(quotes);
    });
    connection.onreconnecting(() => {
      this.#trying('reconnecting');
    });
    connection.onreconnected(() => {
      setLiveStatus({ state: 'live' });
      this.#sendAll();
    });
    connection.onclose((err) => {
      // Retries exhausted, or the server closed without allowing a reconnect.
      if (this.#connection !== connection) return;
      if (err) this.#log(err);
      this.#connection = null;
      setLiveStatus({ state: 'offline' });
    });
    this.#connection = connection;
    this.#trying('connecting');
    void this.#connect(connection, 0);
  }

  /** The first start is not covered by the automatic reconnect: the same policy, by hand. */
  async #connect(connection: HubConnection, attempt: number): Promise<void> {
    try {
      await connection.start();
    } catch (err) {
      if (this.#connection !== connection) return;
      this.#log(err);
      const delay = this.#delays[attempt];
      if (delay === undefined) {
        this.#connection = null;
        setLiveStatus({ state: 'offline' });
        return;
      }
      this.#trying('reconnecting');
      this.#retry = setTimeout(() => void this.#connect(connection, attempt + 1), delay);
      return;
    }
    if (this.#connection !== connection) {
      void connection.stop();
      return;
    }
    setLiveStatus({ state: 'live' });
    this.#sendAll();
  }

  #stop(): void {
    clearTimeout(this.#retry);
    const connection = this.#connection;
    this.#connection = null;
    this.#quotesSent = '';
    setLiveStatus({ state: 'idle' });
    void connection?.stop();
  }

  /** Connecting or reconnecting, unless the browser has no network: then Offline, until it has. */
  #trying(state: 'connecting' | 'reconnecting'): void {
    setLiveStatus({ state: navigator.onLine ? state : 'offline' });
  }

  /**
   * The browser lost the network: say so at once. A socket the network took may stay open for
   * the server's 30 s time-out, saying nothing, and the indicator would say Live all along.
   */
  #onOffline(): void {
    if (this.#connection) setLiveStatus({ state: 'offline' });
  }

  /** Back online: start again after giving up, or say where the connection stands. */
  #wake(): void {
    if (!this.#connection) {
      if (this.#users > 0) this.#start();
      return;
    }
    setLiveStatus({ state: this.#connected() ? 'live' : 'reconnecting' });
  }

  // --- registrations -----------------------------------------------------------------------------

  #sendAll(): void {
    for (const [id, registration] of this.#registrations) void this.#sendRegistration(id, registration);
    this.#quotesSent = '';
    this.#syncQuotes();
  }

  async #sendRegistration(id: string, registration: TradeRegistration): Promise<void> {
    try {
      const result = await this.#call(
        'registerTrade',
        [...registration.trades],
        registration.bidAskLevel,
        [...registration.scenarios],
        id,
        registration.fields ? [...registration.fields] : null,
      );
      // A newer registration of the id may have been sent meanwhile: its answer wins.
      if (this.#registrations.get(id) !== registration) return;
      this.#onTrades(result.trades);
    } catch (err) {
      this.#log(err);
    }
  }

  #syncQuotes(): void {
    const ids = [...new Set([...this.#quoteOwners.values()].flat())].slice(0, HUB_LIMITS.maxQuotes);
    const key = ids.join(',');
    if (!this.#connected() || key === this.#quotesSent) return;
    this.#quotesSent = key;
    this.#call('subscribeQuotes', ids)
      .then((result) => this.#onQuotes(result.quotes))
      .catch(this.#log);
  }

  #onTrades(changes: readonly LiveTradeChange[]): void {
    applyTradeUpdates(
      this.#queryClient,
      (id) => this.#registrations.get(id)?.queryKey,
      changes.map(decodeTradeChange),
    );
    setLiveStatus({ updatedAt: Date.now() });
  }

  #onQuotes(quotes: readonly LiveQuote[]): void {
    applyQuotes(this.#queryClient, quotes, Date.now());
    setLiveStatus({ updatedAt: Date.now() });
  }
}
