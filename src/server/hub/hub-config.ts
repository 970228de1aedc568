/**
 * The hub's timings and limits. Defaults follow the SignalR client's own (it pings every 15 s and
 * gives up on a silent server after 30 s); tests shorten them through the environment.
 */
import { HUB_LIMITS } from '#api/hub.ts';

export interface HubConfig {
  /** A ping goes to a connection that was sent nothing for this long, ms. */
  readonly keepAliveMs: number;
  /** A connection that sent nothing (not even a ping) for this long is dropped, ms. */
  readonly clientTimeoutMs: number;
  /** A negotiated connection token must be used within this time, ms. */
  readonly negotiateTtlMs: number;
  /** Largest hub message a client may send, UTF-8 bytes. */
  readonly maxMessageBytes: number;
  readonly maxTrades: number;
  readonly maxRegistrations: number;
  readonly maxQuotes: number;
  /** A connection whose unsent output exceeds this is too slow to follow the market: closed (it may reconnect). */
  readonly maxBufferedBytes: number;
  /** Time one tick's recalculation may take before the rest waits for the next pass, ms. */
  readonly tickBudgetMs: number;
}

export const DEFAULT_HUB_CONFIG: HubConfig = {
  keepAliveMs: 15_000,
  clientTimeoutMs: 30_000,
  negotiateTtlMs: 15_000,
  maxMessageBytes: HUB_LIMITS.maxMessageBytes,
  maxTrades: HUB_LIMITS.maxTrades,
  maxRegistrations: HUB_LIMITS.maxRegistrations,
  maxQuotes: HUB_LIMITS.maxQuotes,
  maxBufferedBytes: 4 * 1024 * 1024,
  tickBudgetMs: 200,
};

function positive(
  env: Readonly<Record<string, string | undefined>>,
  name: string,
  fallback: number,
  max: number,
) {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1 || n > max)
    throw new Error(`${name} must be an integer from 1 to ${max}, got '${text}'`);
  return n;
}

/** HUB_KEEPALIVE_MS, HUB_CLIENT_TIMEOUT_MS, HUB_MAX_MESSAGE_BYTES, HUB_MAX_TRADES, HUB_TICK_BUDGET_MS. */
export function hubConfigFromEnv(env: Readonly<Record<string, string | undefined>>): HubConfig {
  const d = DEFAULT_HUB_CONFIG;
  return {
    ...d,
    keepAliveMs: positive(env, 'HUB_KEEPALIVE_MS', d.keepAliveMs, 3_600_000),
    clientTimeoutMs: positive(env, 'HUB_CLIENT_TIMEOUT_MS', d.clientTimeoutMs, 3_600_000),
    maxMessageBytes: positive(env, 'HUB_MAX_MESSAGE_BYTES', d.maxMessageBytes, HUB_LIMITS.maxMessageBytes),
    maxTrades: positive(env, 'HUB_MAX_TRADES', d.maxTrades, HUB_LIMITS.maxTrades),
    tickBudgetMs: positive(env, 'HUB_TICK_BUDGET_MS', d.tickBudgetMs, 10_000),
  };
}
