import { expect, test } from 'vitest';
import { simulatorConfigFromEnv, universeCount } from '#server/market/sim-config.ts';

test('environment variables map onto the config', () => {
  expect(simulatorConfigFromEnv({})).toEqual({ seed: 1, universe: 'S', hours: 'always' });
  expect(
    simulatorConfigFromEnv({
      SIM_SEED: '42',
      SIM_UNIVERSE: 'm',
      SIM_HOURS: 'nyse',
      SIM_AS_OF: '2026-03-04T15:30:00Z',
    }),
  ).toEqual({
    seed: 42,
    universe: 'M',
    hours: 'nyse',
    asOfMs: Date.parse('2026-03-04T15:30:00Z'),
  });
  expect(simulatorConfigFromEnv({ SIM_UNIVERSE: '1200' }).universe).toBe(1200);
});

test('bad values fail loudly', () => {
  expect(() => simulatorConfigFromEnv({ SIM_SEED: 'x' })).toThrow();
  expect(() => simulatorConfigFromEnv({ SIM_UNIVERSE: 'XL' })).toThrow();
  expect(() => simulatorConfigFromEnv({ SIM_AS_OF: 'yesterday' })).toThrow();
  expect(universeCount('L')).toBe(5000);
});
