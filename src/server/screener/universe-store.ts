/**
 * Universes (spec 2 §3.5, spec 3 §2–§8): named symbol lists a scan filters on through its
 * `universe` filter. A user's own universes are editable; the predefined ones (`user_id` null)
 * are shared and read-only. Names are unique per user ignoring case (409
 * UNIVERSE_DUPLICATE_NAME); a universe a scan uses cannot be deleted (409 UNIVERSE_USED_IN_SCANS
 * naming the scans). Before a scan runs, `resolveUniverseFilter` replaces the filter by symbols.
 */
import { sql } from 'kysely';
import { UNIVERSE_SYMBOLS_MAX, type Universe, UniverseGroup } from '#api/screener-model.ts';
import { DomainError, notFound } from '#domain/errors.ts';
import type { FilterValue } from '#domain/filters/filter-value.ts';
import { parseSymbolList } from '#domain/filters/symbol-list.ts';
import { universeIdOf, withUniverseSymbols } from '#domain/filters/universe-filter.ts';
import type { Db } from './scan-store.ts';

export const UNIVERSE_READ_ONLY_MESSAGE = 'Predefined universes cannot be changed.';

interface UniverseRow {
  id: number;
  user_id: number | null;
  name: string;
  symbols: string[];
}

const answer = (row: UniverseRow): Universe => ({
  universe_id: row.id,
  name: row.name,
  group: row.user_id === null ? UniverseGroup.Predefined : UniverseGroup.Mine,
  editable: row.user_id !== null,
  symbols: row.symbols.join(', '),
});

const visible = (db: Db, userId: number) =>
  db
    .selectFrom('universes')
    .select(['id', 'user_id', 'name', 'symbols'])
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('user_id', 'is', null)]));

/** The user's universes (oldest first), then the predefined ones. */
export async function universesFor(db: Db, userId: number): Promise<Universe[]> {
  const rows = await visible(db, userId).orderBy(sql`user_id is null`).orderBy('id').execute();
  return rows.map(answer);
}

/** A universe the user may change: 404 when it is not theirs, READ_ONLY when predefined. */
async function ownUniverse(db: Db, userId: number, id: number): Promise<UniverseRow> {
  const row = await visible(db, userId).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Universe');
  if (row.user_id === null) throw new DomainError('READ_ONLY', { message: UNIVERSE_READ_ONLY_MESSAGE });
  return row;
}

const invalidSymbols = (message: string) =>
  new DomainError('VALIDATION_FAILED', { message: message, details: { 'body.symbols': message } });

/**
 * The cleaned symbol list (spec 2 §5): required, at most 2,000, every one a symbol the market lists.
 * `known` is the market's universe.
 */
export function universeSymbols(raw: string | readonly string[], known: ReadonlySet<string>): string[] {
  const symbols = parseSymbolList(raw);
  if (symbols === null) throw invalidSymbols('Symbols are required.');
  if (symbols.length > UNIVERSE_SYMBOLS_MAX) {
    throw invalidSymbols(`A universe can hold at most ${UNIVERSE_SYMBOLS_MAX} symbols.`);
  }
  const unknown = symbols.filter((s) => !known.has(s));
  if (unknown.length > 0) throw invalidSymbols(`Unknown symbols: ${unknown.join(', ')}`);
  return [...symbols];
}

async function assertUniqueName(db: Db, userId: number, name: string, exceptId: number | null) {
  const same = sql<boolean>`lower(name) = ${name.toLowerCase()}`;
  let query = visible(db, userId).where(same);
  if (exceptId !== null) query = query.where('id', '<>', exceptId);
  if (await query.executeTakeFirst()) throw new DomainError('UNIVERSE_DUPLICATE_NAME');
}

export async function createUniverse(
  db: Db,
  userId: number,
  name: string,
  symbols: string[],
): Promise<Universe> {
  await assertUniqueName(db, userId, name, null);
  const row = await db
    .insertInto('universes')
    .values({ user_id: userId, name, symbols: JSON.stringify(symbols) })
    .returning(['id', 'user_id', 'name', 'symbols'])
    .executeTakeFirstOrThrow();
  return answer(row);
}

export async function updateUniverse(
  db: Db,
  userId: number,
  id: number,
  name: string,
  symbols: string[],
): Promise<Universe> {
  await ownUniverse(db, userId, id);
  await assertUniqueName(db, userId, name, id);
  const row = await db
    .updateTable('universes')
    .set({ name, symbols: JSON.stringify(symbols) })
    .where('id', '=', id)
    .returning(['id', 'user_id', 'name', 'symbols'])
    .executeTakeFirstOrThrow();
  return answer(row);
}

/** Titles of the user's scans whose `universe` filter names this universe. */
async function scansUsing(db: Db, userId: number, id: number): Promise<string[]> {
  const rows = await db
    .selectFrom('scans')
    .select('title')
    .where('user_id', '=', userId)
    .where(sql<boolean>`filters -> 'universe' -> 'values' @> ${JSON.stringify([id])}::jsonb`)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => r.title);
}

export async function deleteUniverse(db: Db, userId: number, id: number): Promise<void> {
  await ownUniverse(db, userId, id);
  const used = await scansUsing(db, userId, id);
  if (used.length > 0)
    throw new DomainError('UNIVERSE_USED_IN_SCANS', { params: { scans: used.join(', ') } });
  await db.deleteFrom('universes').where('id', '=', id).execute();
}

/** 400 naming the filter when a scan names a universe the user cannot see. */
export async function assertUniverseVisible(
  db: Db,
  userId: number,
  filters: Readonly<Record<string, FilterValue>>,
  field = 'body.filters.universe',
): Promise<void> {
  await universeOfFilter(db, userId, filters, field);
}

async function universeOfFilter(
  db: Db,
  userId: number,
  filters: Readonly<Record<string, unknown>>,
  field: string,
): Promise<UniverseRow | null> {
  const id = universeIdOf(filters);
  if (id === undefined) return null;
  const row =
    typeof id === 'number' && Number.isSafeInteger(id)
      ? await visible(db, userId).where('id', '=', id).executeTakeFirst()
      : undefined;
  if (!row) {
    throw new DomainError('VALIDATION_FAILED', {
      message: 'Filter universe: unknown universe',
      details: {
        [field]: 'Unknown universe.',
      },
    });
  }
  return row;
}

/**
 * A scan's filters with its `universe` filter (an id the engine cannot read) replaced by the
 * universe's symbols (`withUniverseSymbols`). An unknown universe is a 400 naming the filter.
 */
export async function resolveUniverseFilter(
  db: Db,
  userId: number,
  filters: Readonly<Record<string, unknown>>,
): Promise<Record<string, unknown>> {
  const universe = await universeOfFilter(db, userId, filters, 'filters.universe');
  return withUniverseSymbols(filters, universe?.symbols ?? null);
}
