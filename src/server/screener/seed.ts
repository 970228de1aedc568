/**
 * Seeds what every user shares: the Predefined list with the gallery's samples and tags, and the
 * predefined universes. Idempotent and cheap on a warm database: the seeded content's digest is
 * kept in `app_meta`, and nothing is written while it matches. Otherwise, in one transaction
 * under an advisory lock (two servers on one PostgreSQL seed one after the other), samples and
 * universes are upserted by key and the ones no longer listed removed.
 */
import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { LIST_ROLE_NAMES, ListRole } from '#api/screener-model.ts';
import { STRATEGIES } from '#domain/strategies/catalogue.ts';
import type { Database } from '../db/schema.ts';
import { GALLERY, GALLERY_TAGS, type GalleryScan } from './gallery.ts';
import { predefinedUniverses } from './predefined-universes.ts';
import { type DefinitionInput, type NormalizedScan, normalizeScan } from './scan-definition.ts';
import { type Db, setTags } from './scan-store.ts';

const META_KEY = 'screener_seed';
/** Samples are dated from here back, one minute apart, so newest-first is the gallery's order. */
const SAMPLE_EPOCH_MS = Date.UTC(2026, 0, 1);

/** A sample's definition: its strategy's defaults with the sample's filters laid over them. */
export function sampleInput(sample: GalleryScan): DefinitionInput {
  const filters: Record<string, unknown> = { ...STRATEGIES[sample.strategy].defaultFilters };
  for (const [key, value] of Object.entries(sample.filters ?? {})) {
    if (value === null) delete filters[key];
    else filters[key] = value;
  }
  return {
    strategy: sample.strategy,
    filters,
    sorting: sample.sorting ?? null,
    ratio: sample.ratio ?? null,
    legs: sample.legs ?? null,
  };
}

/** A sample normalised like a user's scan; a sample naming anything unknown is a bug. */
export function sampleScan(sample: GalleryScan): NormalizedScan {
  return normalizeScan(sampleInput(sample), null, (message) => {
    throw new Error(`gallery sample ${sample.key}: ${message}`);
  });
}

export async function seedScreener(db: Kysely<Database>): Promise<void> {
  const samples = GALLERY.map((g) => ({ g, scan: sampleScan(g) }));
  const universes = predefinedUniverses();
  const digest = createHash('sha256')
    .update(JSON.stringify([GALLERY_TAGS, samples, universes]))
    .digest('hex');
  const stored = await db
    .selectFrom('app_meta')
    .select('value')
    .where('key', '=', META_KEY)
    .executeTakeFirst();
  if ((stored?.value as { digest?: string } | undefined)?.digest === digest) return;

  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${META_KEY}))`.execute(trx);
    const listId = await predefinedList(trx);
    const tagIds = await seedTags(trx);
    for (const [i, { g, scan }] of samples.entries()) {
      const createdAt = new Date(SAMPLE_EPOCH_MS - i * 60_000);
      const values = {
        title: g.title,
        description: g.description,
        strategy: scan.strategy,
        definition: JSON.stringify(scan.definition),
        filters: JSON.stringify(scan.filters),
        list_id: listId,
        created_at: createdAt,
        updated_at: createdAt,
      };
      const row = await trx
        .insertInto('scans')
        .values({ ...values, user_id: null, sample_key: g.key })
        .onConflict((oc) => oc.column('sample_key').doUpdateSet(values))
        .returning('id')
        .executeTakeFirstOrThrow();
      await setTags(
        trx,
        row.id,
        g.tags.map((t) => tagIds.get(t)!),
      );
    }
    await trx
      .deleteFrom('scans')
      .where('user_id', 'is', null)
      .where(
        'sample_key',
        'not in',
        GALLERY.map((g) => g.key),
      )
      .execute();
    for (const u of universes) {
      const values = { name: u.name, symbols: JSON.stringify(u.symbols) };
      await trx
        .insertInto('universes')
        .values({ ...values, user_id: null, key: u.key })
        .onConflict((oc) => oc.column('key').doUpdateSet(values))
        .execute();
    }
    await trx
      .deleteFrom('universes')
      .where('user_id', 'is', null)
      .where(
        'key',
        'not in',
        universes.map((u) => u.key),
      )
      .execute();
    const value = JSON.stringify({ digest });
    await trx
      .insertInto('app_meta')
      .values({ key: META_KEY, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: new Date() }))
      .execute();
  });
}

async function predefinedList(db: Db): Promise<number> {
  await sql`insert into scan_lists (user_id, role, name)
    values (null, ${ListRole.Predefined}, ${LIST_ROLE_NAMES[ListRole.Predefined]})
    on conflict do nothing`.execute(db);
  const row = await db
    .selectFrom('scan_lists')
    .select('id')
    .where('user_id', 'is', null)
    .where('role', '=', ListRole.Predefined)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Upserts the tags in checkbox order; their ids by key. */
async function seedTags(db: Db): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const [position, tag] of GALLERY_TAGS.entries()) {
    const values = { name: tag.name, position: position + 1 };
    const row = await db
      .insertInto('scan_tags')
      .values({ key: tag.key, ...values })
      .onConflict((oc) => oc.column('key').doUpdateSet(values))
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(tag.key, row.id);
  }
  return ids;
}
