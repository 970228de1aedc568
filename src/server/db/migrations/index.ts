/**
 * Every migration, in order. Listed by hand (not read from the folder) so the set is
 * explicit and works the same from source, tests and the operator command.
 * Keep them to PostgreSQL 15 features: the embedded PGlite is PostgreSQL 18, production may be 15.
 */
import type { Migration } from 'kysely/migration';
import * as init from './0001-init.ts';
import * as accounts from './0002-accounts.ts';
import * as trades from './0003-trades.ts';
import * as screener from './0004-screener.ts';
import * as accountDeletion from './0005-account-deletion.ts';
import * as billing from './0006-billing.ts';
import * as idempotencyKeys from './0007-idempotency-keys.ts';
import * as watching from './0008-watching.ts';
import * as reports from './0009-reports.ts';
import * as addinTokens from './0010-addin-tokens.ts';
import * as reportSends from './0011-report-sends.ts';

export const migrations: Record<string, Migration> = {
  '0001-init': init,
  '0002-accounts': accounts,
  '0003-trades': trades,
  '0004-screener': screener,
  '0005-account-deletion': accountDeletion,
  '0006-billing': billing,
  '0007-idempotency-keys': idempotencyKeys,
  '0008-watching': watching,
  '0009-reports': reports,
  '0010-addin-tokens': addinTokens,
  '0011-report-sends': reportSends,
};
