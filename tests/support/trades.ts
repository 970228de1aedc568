/**
 * Trade-log test helpers: a small simulated market for test servers, trading accounts, and
 * strategy legs picked from a server's own option chain (so the server lists every contract).
 *
 *   const api = fileServer(startTradeServer);
 *   const alice = await signedIn(api.server, 'alice@example.com');
 *   const account = await createAccount(alice, 'Main');
 *   const legs = await legsOn(alice, 'SPY', ironCondor);
 */
import type { OptionChainRow } from '#api/market.ts';
import type { SavedTradeAccount } from '#api/trade-accounts.ts';
import type { OrderLeg } from '#api/trades.ts';
import { formatContractId } from '#domain/contracts/contract-id.ts';
import { encodeTicket } from '#domain/orders/ticket.ts';
import type { Config } from '#server/config.ts';
import type { SimulatorConfig } from '#server/market/sim-config.ts';
import type { SignedInClient } from './auth.ts';
import { startTestServer, type TestServer } from './test-server.ts';

/** A four-name always-open market: quick to build, deterministic. */
export const TEST_MARKET: SimulatorConfig = {
  seed: 7,
  universe: 'S',
  hours: 'always',
  symbols: ['SPY', 'AAPL', 'KO', 'QQQ'],
};

/** A server of the test market for API tests: no app pages, `overrides` on top. */
export const startTradeServer = (overrides: Partial<Config> = {}): Promise<TestServer> =>
  startTestServer({ staticDir: null, market: TEST_MARKET, ...overrides });

export async function json<T>(res: Response): Promise<T> {
  const text = await res.text();
  if (!text) return undefined as T;
  return JSON.parse(text) as T;
}

export async function createAccount(client: SignedInClient, name: string): Promise<SavedTradeAccount> {
  const res = await client.request('/api/v1/tradeaccount', {
    method: 'PATCH',
    body: JSON.stringify({ name }),
  });
  if (res.status !== 200) throw new Error(`creating account ${name}: ${res.status} ${await res.text()}`);
  return json<SavedTradeAccount>(res);
}

export async function optionChain(client: SignedInClient, symbol: string): Promise<OptionChainRow[]> {
  const res = await client.request(`/api/v1/trades/${symbol}/optionchain`);
  if (res.status !== 200) throw new Error(`chain of ${symbol}: ${res.status}`);
  return json<OptionChainRow[]>(res);
}

export async function lastPrice(client: SignedInClient, symbol: string): Promise<number> {
  const res = await client.request('/api/v1/contract', {
    method: 'POST',
    body: JSON.stringify({ contractIds: [symbol], fields: ['stock_last'] }),
  });
  const [row] = await json<{ stock_last: number }[]>(res);
  if (!row) throw new Error(`no price for ${symbol}`);
  return row.stock_last;
}

/** `strategy`'s legs on `symbol`, picked from the server's chain around its last price. */
export async function legsOn(
  client: SignedInClient,
  symbol: string,
  strategy: (chain: readonly OptionChainRow[], last: number) => OrderLeg[],
): Promise<OrderLeg[]> {
  return strategy(await optionChain(client, symbol), await lastPrice(client, symbol));
}

/** The chain's expirations, ascending. */
export const expirations = (chain: readonly OptionChainRow[]): string[] =>
  [...new Set(chain.map((r) => r.option.expiration))].sort();

/** Expiration `days` or more days after `fromMs` (the first one otherwise). */
export function expirationAfter(chain: readonly OptionChainRow[], days: number, fromMs = Date.now()): string {
  const all = expirations(chain);
  return all.find((d) => Date.parse(`${d}T21:00:00Z`) - fromMs >= days * 86_400_000) ?? all[0]!;
}

/** Strikes listed for both rights at `expiration`, ascending. */
export function strikes(chain: readonly OptionChainRow[], expiration: string): number[] {
  return [
    ...new Set(chain.filter((r) => r.option.expiration === expiration).map((r) => r.option.strike)),
  ].sort((a, b) => a - b);
}

/** The listed strike closest to `target`, `offset` strikes away from it (+ up, − down). */
export function strikeNear(
  chain: readonly OptionChainRow[],
  expiration: string,
  target: number,
  offset = 0,
): number {
  const list = strikes(chain, expiration);
  let best = 0;
  list.forEach((k, i) => {
    if (Math.abs(k - target) < Math.abs(list[best]! - target)) best = i;
  });
  const k = list[Math.min(list.length - 1, Math.max(0, best + offset))];
  if (k === undefined) throw new Error(`no strikes at ${expiration}`);
  return k;
}

export function optionRow(
  chain: readonly OptionChainRow[],
  expiration: string,
  right: 'CALL' | 'PUT',
  strike: number,
): OptionChainRow {
  const row = chain.find(
    (r) => r.option.expiration === expiration && r.option.right === right && r.option.strike === strike,
  );
  if (!row) throw new Error(`no ${right} ${strike} at ${expiration}`);
  return row;
}

/** The row's mid in whole cents, at least 0.01. */
export const midPrice = (row: OptionChainRow): number =>
  Math.max(0.01, Math.round(((row.bid + row.ask) / 2) * 100) / 100);

export function optionLeg(
  chain: readonly OptionChainRow[],
  expiration: string,
  right: 'CALL' | 'PUT',
  strike: number,
  quantity: number,
): OrderLeg {
  const row = optionRow(chain, expiration, right, strike);
  return { contract: row.option, quantity, limitPrice: midPrice(row) };
}

/** Long 100 shares at `last`, short one call a few strikes above it. */
export function coveredCall(
  chain: readonly OptionChainRow[],
  symbol: string,
  last: number,
  days = 20,
  fromMs = Date.now(),
): OrderLeg[] {
  const exp = expirationAfter(chain, days, fromMs);
  return [
    { contract: { kind: 'stock', symbol }, quantity: 100, limitPrice: Math.round(last * 100) / 100 },
    optionLeg(chain, exp, 'CALL', strikeNear(chain, exp, last, 2), -1),
  ];
}

/** A leg picked by its right, its strike's distance from the price (in strikes) and quantity. */
type LegPick = readonly ['CALL' | 'PUT', number, number];

/** A strategy of `picks` around the last price, at the first expiration `days` after `fromMs`. */
const legsNear =
  (picks: readonly LegPick[]) =>
  (chain: readonly OptionChainRow[], last: number, days = 20, fromMs = Date.now()): OrderLeg[] => {
    const exp = expirationAfter(chain, days, fromMs);
    return picks.map(([right, offset, quantity]) =>
      optionLeg(chain, exp, right, strikeNear(chain, exp, last, offset), quantity),
    );
  };

/** Short call and put spreads around the price: short strikes two away, wings four away. */
export const ironCondor = legsNear([
  ['CALL', 2, -1],
  ['CALL', 4, 1],
  ['PUT', -2, -1],
  ['PUT', -4, 1],
]);

/** A debit call spread: buy near the money, sell two strikes higher. */
export const bullCallSpread = legsNear([
  ['CALL', 0, 1],
  ['CALL', 2, -1],
]);

/** The order editor's ticket (`/order/open/{ticket}`) of one `strategy` of `legs`. */
export const ticketOf = (strategy: string, legs: readonly OrderLeg[]): string =>
  encodeTicket({
    strategy,
    legs: legs.map((leg) => ({
      contractId: formatContractId(leg.contract),
      quantity: leg.quantity,
      limitPrice: leg.limitPrice,
    })),
    size: 1,
  });

/** The order editor's ticket (`/order/open/:ticket`) for `legs` of `strategy`. */
export function orderTicket(strategy: string, legs: readonly OrderLeg[], size = 1): string {
  return encodeTicket({
    strategy,
    legs: legs.map((l) => ({
      contractId: formatContractId(l.contract),
      quantity: l.quantity,
      limitPrice: l.limitPrice,
    })),
    size,
  });
}

/** `PUT /trades` of a new order. */
export function submit(
  client: SignedInClient,
  accountId: number,
  strategy: string,
  order: { legs: OrderLeg[]; size: number; comment?: string; clientOrderId?: string },
): Promise<Response> {
  return client.request(`/api/v1/trades?accountId=${accountId}&strategy=${strategy}`, {
    method: 'PUT',
    body: JSON.stringify({ comment: '', ...order }),
  });
}

/** A trading account named `accountName` holding one long SPY call about 20 days out: its ids. */
export async function openLongCall(
  client: SignedInClient,
  accountName: string,
): Promise<{ accountId: number; orderId: number }> {
  const account = await createAccount(client, accountName);
  const chain = await optionChain(client, 'SPY');
  const exp = expirationAfter(chain, 20);
  const call = optionRow(chain, exp, 'CALL', strikeNear(chain, exp, await lastPrice(client, 'SPY'), 0));
  const opened = await client.request(`/api/v1/trades?accountId=${account.account_id}&strategy=long_call`, {
    method: 'PUT',
    body: JSON.stringify({
      legs: [{ contract: call.option, quantity: 1, limitPrice: midPrice(call) }],
      size: 1,
    }),
  });
  const { orderId } = await json<{ orderId: number }>(opened);
  return { accountId: account.account_id, orderId };
}
