/**
 * The hub's settings from the environment: defaults as the SignalR client expects them (it pings
 * every 15 s and gives up on a silent server after 30 s), overrides for tests, limits that can
 * only be lowered.
 */
import { expect, test } from 'vitest';
import { HUB_LIMITS } from '#api/hub.ts';
import { DEFAULT_HUB_CONFIG, hubConfigFromEnv } from '#server/hub/hub-config.ts';

test('defaults: 15 s keep-alive, 30 s client time-out, the contract limits', () => {
  expect(hubConfigFromEnv({})).toEqual(DEFAULT_HUB_CONFIG);
  expect(DEFAULT_HUB_CONFIG).toMatchObject({
    keepAliveMs: 15_000,
    clientTimeoutMs: 30_000,
    maxMessageBytes: HUB_LIMITS.maxMessageBytes,
    maxTrades: HUB_LIMITS.maxTrades,
  });
});

test('tests shorten the clocks and lower the limits', () => {
  expect(
    hubConfigFromEnv({
      HUB_KEEPALIVE_MS: '200',
      HUB_CLIENT_TIMEOUT_MS: '1000',
      HUB_MAX_MESSAGE_BYTES: '4096',
      HUB_MAX_TRADES: '5',
    }),
  ).toMatchObject({ keepAliveMs: 200, clientTimeoutMs: 1000, maxMessageBytes: 4096, maxTrades: 5 });
});

test('a limit above the contract, zero or not a number is refused', () => {
  expect(() => hubConfigFromEnv({ HUB_MAX_TRADES: String(HUB_LIMITS.maxTrades + 1) })).toThrow(
    /HUB_MAX_TRADES/,
  );
  expect(() => hubConfigFromEnv({ HUB_KEEPALIVE_MS: '0' })).toThrow(/HUB_KEEPALIVE_MS/);
  expect(() => hubConfigFromEnv({ HUB_CLIENT_TIMEOUT_MS: 'soon' })).toThrow(/HUB_CLIENT_TIMEOUT_MS/);
});
