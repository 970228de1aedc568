import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import {
  GROUP_LIVE,
  GROUP_STATIC,
  OPTION_LIVE,
  OPTION_STATIC,
  UNDERLYING_LIVE,
  UNDERLYING_STATIC,
} from '#engine/snapshot-layout.ts';

const doc = readFileSync(new URL('../../../docs/MARKET.md', import.meta.url), 'utf8');

test('docs/MARKET.md documents every snapshot column', () => {
  const columns = [
    OPTION_STATIC,
    OPTION_LIVE,
    GROUP_STATIC,
    GROUP_LIVE,
    UNDERLYING_STATIC,
    UNDERLYING_LIVE,
  ].flatMap(Object.keys);
  const missing = columns.filter((c) => !doc.includes(`\`${c}\``));
  expect(missing).toEqual([]);
});
