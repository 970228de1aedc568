/**
 * The server's notion of "now" for business rules: trials and billing periods end by it.
 * Outside production it can be moved forward or back (tests, trying an ended trial); the
 * offset is kept in `app_meta` so a restart and the operator command see the same time.
 * Cryptography (token expiry, sessions) always uses the real time: a token is valid for an
 * hour of wall-clock time whatever the business clock says.
 */
import type { Kysely } from 'kysely';
import type { Database } from './db/schema.ts';

export interface Clock {
  /** Business time, epoch ms. */
  now(): number;
  /** How far business time is from the real time, ms. */
  offsetMs(): number;
  /** True outside production. */
  readonly movable: boolean;
  /** Sets the offset (ms) and stores it; throws when not movable. */
  setOffsetMs(offsetMs: number): Promise<void>;
}

const OFFSET_KEY = 'clock_offset_ms';

export class ClockNotMovableError extends Error {
  override readonly name = 'ClockNotMovableError';
  constructor() {
    super('The clock cannot be moved in production.');
  }
}

/**
 * A clock whose offset is read from the database once (only when movable: production always
 * runs on the real time, whatever a database copied from a test says).
 */
export async function openClock(
  db: Kysely<Database>,
  opts: { movable: boolean; realNow?: () => number },
): Promise<Clock> {
  const realNow = opts.realNow ?? Date.now;
  let offset = 0;
  if (opts.movable) {
    const row = await db
      .selectFrom('app_meta')
      .select('value')
      .where('key', '=', OFFSET_KEY)
      .executeTakeFirst();
    const stored = (row?.value as { offsetMs?: unknown } | undefined)?.offsetMs;
    offset = typeof stored === 'number' && Number.isFinite(stored) ? stored : 0;
  }
  return {
    now: () => realNow() + offset,
    offsetMs: () => offset,
    movable: opts.movable,
    async setOffsetMs(next) {
      if (!opts.movable) throw new ClockNotMovableError();
      if (!Number.isFinite(next)) throw new RangeError('The clock offset must be a finite number of ms.');
      const value = JSON.stringify({ offsetMs: next });
      await db
        .insertInto('app_meta')
        .values({ key: OFFSET_KEY, value })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: new Date() }))
        .execute();
      offset = next;
    },
  };
}
