import { describe, expect, test } from 'vitest';
import { loadConfig } from '#server/config.ts';

describe('PROBABILITY_MODEL', () => {
  test('the smile by default, the lognormal when asked', () => {
    expect(loadConfig({}).probabilityModel).toBe('smile');
    expect(loadConfig({ PROBABILITY_MODEL: ' lognormal ' }).probabilityModel).toBe('lognormal');
    expect(loadConfig({ PROBABILITY_MODEL: 'smile' }).probabilityModel).toBe('smile');
  });

  test('anything else stops the server at start', () => {
    expect(() => loadConfig({ PROBABILITY_MODEL: 'flat' })).toThrow(
      /PROBABILITY_MODEL must be smile or lognormal/,
    );
  });
});
