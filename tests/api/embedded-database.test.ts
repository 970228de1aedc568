import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { migrateToLatest, openDatabase } from '#server/db/database.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'pglite-test-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

test('the embedded database keeps its data across a close and reopen', async () => {
  const first = await openDatabase({ dataDir, databaseUrl: null });
  expect(await migrateToLatest(first.db)).toContain('0001-init');
  await first.db
    .insertInto('app_meta')
    .values({ key: 'kept', value: JSON.stringify(['yes']) })
    .execute();
  await first.close();

  const second = await openDatabase({ dataDir, databaseUrl: null });
  try {
    expect(await migrateToLatest(second.db)).toEqual([]);
    const row = await second.db
      .selectFrom('app_meta')
      .select('value')
      .where('key', '=', 'kept')
      .executeTakeFirst();
    expect(row?.value).toEqual(['yes']);
  } finally {
    await second.close();
  }
});
