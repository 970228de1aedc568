import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { compileKernel, KERNEL_MODULE, kernelModuleText } from '../../../../src/server/cli/build-wasm.ts';

test('the committed WebAssembly kernel is what its AssemblyScript source compiles to (npm run build:wasm)', async () => {
  expect(readFileSync(KERNEL_MODULE, 'utf8')).toBe(kernelModuleText(await compileKernel()));
});
