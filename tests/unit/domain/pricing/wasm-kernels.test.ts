import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { lnFast } from '#domain/pricing/log-table.ts';
import { wasmKernels } from '#domain/pricing/wasm/kernels.ts';
import { compileKernels, KERNELS_MODULE, kernelsModuleText } from '#server/cli/build-wasm.ts';

describe('WebAssembly kernels', () => {
  test('the committed bytes are what the AssemblyScript sources compile to (npm run build:wasm)', async () => {
    expect(readFileSync(KERNELS_MODULE, 'utf8')).toBe(kernelsModuleText(await compileKernels()));
  });

  test('their logarithm gives the bits of lnFast, normal doubles and the edges alike', () => {
    const { ln } = wasmKernels();
    fc.assert(
      fc.property(fc.double({ noNaN: true }), (x) => {
        expect(Object.is(ln(x), lnFast(x))).toBe(true);
      }),
      { numRuns: 20_000 },
    );
    for (const x of [0, -0, -1, 2 ** -1074, 2 ** -1022, 1, 2, Number.MAX_VALUE, Number.POSITIVE_INFINITY])
      expect(Object.is(ln(x), lnFast(x))).toBe(true);
    expect(ln(Number.NaN)).toBeNaN();
  });
});
