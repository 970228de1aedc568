/**
 * Node 24's V8 aborts a process now and then while its WebAssembly code GC frees code of modules
 * created and freed many times (the embedded database of each test server), next to the market's
 * kernels (vite.config.ts, docs/PRICING.md "American options"). Test processes and the server run
 * with that GC off; this fails when either loses the flag.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';

test('test processes run without WebAssembly code GC', () => {
  expect(process.execArgv).toContain('--no-wasm-code-gc');
});

test('npm start and npm run dev run the server without it', () => {
  const { scripts } = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
    scripts: Record<string, string>;
  };
  expect(scripts.start).toMatch(/^node --no-wasm-code-gc /);
  expect(scripts.dev).toMatch(/^node --no-wasm-code-gc /);
});
