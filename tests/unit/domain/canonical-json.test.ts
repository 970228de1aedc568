import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { canonicalJson } from '#domain/canonical-json.ts';

/** The same object with its keys (at every depth) in another order. */
function reordered(value: unknown, seed: number): unknown {
  if (Array.isArray(value)) return value.map((v) => reordered(v, seed));
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value);
  const turn = entries.length > 0 ? seed % entries.length : 0;
  const moved = [...entries.slice(turn), ...entries.slice(0, turn)].reverse();
  return Object.fromEntries(moved.map(([k, v]) => [k, reordered(v, seed + 1)]));
}

describe('canonicalJson', () => {
  test('key order at any depth does not change the text', () => {
    expect(canonicalJson({ b: 1, a: { d: [{ y: 2, x: 1 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[{"x":1,"y":2}]},"b":1}',
    );
    fc.assert(
      fc.property(fc.jsonValue(), fc.nat(), (value, seed) => {
        expect(canonicalJson(reordered(value, seed))).toBe(canonicalJson(value));
      }),
    );
  });

  test('reads back as the same value; array order still counts', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(JSON.parse(canonicalJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
    expect(canonicalJson([1, 2])).not.toBe(canonicalJson([2, 1]));
  });
});
