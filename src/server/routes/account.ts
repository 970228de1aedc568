/**
 * The signed-in user's own account: subscription, settings, usage stats. Reachable with an
 * ended subscription too (the pricing page needs them), and always about the caller: there is
 * no user id in these paths, so one user can never address another's account.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { DEFAULT_USER_SETTINGS, type UserSettings, userSettingsSchema } from '#api/account.ts';
import { effectiveLimits } from '#domain/plans/plan-limits.ts';
import { usageStats } from '#domain/plans/usage-stats.ts';
import { RouteAccess, requireUser } from '../auth/authenticate.ts';
import type { Billing } from '../billing/billing.ts';
import type { Database } from '../db/schema.ts';
import { route } from '../http/contract-routes.ts';
import { savedScanCount } from '../screener/scan-store.ts';
import { deleteAccount } from '../users/account-deletion.ts';
import { takeSignupFlag } from '../users/users.ts';
import { watchedCount } from '../watching/watch-store.ts';

/**
 * Stored settings over the defaults, section by section: a section stored by an older version
 * that no longer passes the schema falls back to its default instead of failing the call.
 */
function settingsFrom(stored: Record<string, unknown>): UserSettings {
  const sections = userSettingsSchema.shape;
  const pick = <K extends keyof UserSettings>(key: K): UserSettings[K] => {
    const base = DEFAULT_USER_SETTINGS[key];
    const value = stored[key];
    const merged =
      typeof base === 'object' && typeof value === 'object' ? { ...base, ...value } : (value ?? base);
    const parsed = sections[key].safeParse(merged);
    return parsed.success ? (parsed.data as UserSettings[K]) : base;
  };
  return {
    trades: pick('trades'),
    appearance: pick('appearance'),
    analyzeTab: pick('analyzeTab'),
    scannerSorting: pick('scannerSorting'),
  };
}

async function storedSettings(db: Kysely<Database>, userId: number): Promise<Record<string, unknown>> {
  const row = await db
    .selectFrom('users')
    .select('settings')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.settings;
}

export interface AccountRouteDeps {
  readonly db: Kysely<Database>;
  /** The embedded issuer's URL (its identities are deleted with their users), or null. */
  readonly embeddedIssuer: string | null;
  /** A deleted account's subscription is cancelled at its processor first. */
  readonly billing: Pick<Billing, 'stopRenewals'>;
}

export function accountRoutes(app: FastifyInstance, deps: AccountRouteDeps): void {
  const { db } = deps;
  const signedIn = { config: { access: RouteAccess.SignedIn } };

  route(app, 'account.subscription', signedIn, async (request) => {
    const user = requireUser(request);
    const signup = await takeSignupFlag(db, user.id);
    if (signup) {
      const { utm_source: utmSource } = request.query as { utm_source?: string };
      request.log.info({ userId: user.id, utmSource }, 'new user');
    }
    const { status, planId, goodUntilDays, processor } = user.subscription;
    const scanCount = await savedScanCount(db, user.id);
    return { status, planId, goodUntilDays, scanCount, signup, guid: user.guid, processor };
  });

  route(app, 'account.settings', signedIn, async (request) => {
    const user = requireUser(request);
    return settingsFrom(await storedSettings(db, user.id));
  });

  route(app, 'account.saveSettings', signedIn, async (request, _reply, input) => {
    const user = requireUser(request);
    const patch = input.body();
    const current = settingsFrom(await storedSettings(db, user.id));
    const next: UserSettings = {
      trades: { ...current.trades, ...patch.trades },
      appearance: { ...current.appearance, ...patch.appearance },
      analyzeTab: patch.analyzeTab ?? current.analyzeTab,
      scannerSorting: { ...current.scannerSorting, ...patch.scannerSorting },
    };
    await db
      .updateTable('users')
      .set({ settings: JSON.stringify(next) })
      .where('id', '=', user.id)
      .execute();
    return next;
  });

  // Deleting one's account (docs/SECURITY.md): reachable with an ended subscription too.
  route(app, 'account.delete', signedIn, async (request, reply) => {
    const user = requireUser(request);
    await deps.billing.stopRenewals(user.id);
    await deleteAccount(db, user.id, { embeddedIssuer: deps.embeddedIssuer });
    request.log.info({ userId: user.id }, 'account deleted');
    return reply.status(204).send();
  });

  route(app, 'account.usageStats', signedIn, async (request) => {
    const user = requireUser(request);
    return usageStats(effectiveLimits(user.subscription), await watchedCount(db, user.id));
  });
}
