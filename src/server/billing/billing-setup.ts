/**
 * Billing as the server runs it: the processor the configuration names (Stripe when its keys are
 * set, else the embedded test store), the service, its e-mails, and the lifecycle job.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { API_BASE } from '#api/paths.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { type JobLog, type RunningJob, startPeriodicJob } from '../jobs/periodic-job.ts';
import type { Mailer } from '../mail/mailer.ts';
import { type Billing, createBilling } from './billing.ts';
import { type LifecycleReport, runBillingLifecycle } from './billing-lifecycle.ts';
import { billingNotices } from './billing-notices.ts';
import type { BillingProcessor } from './processor.ts';
import { buyerPrice } from './promotions.ts';
import { createStripeProcessor } from './stripe/stripe-processor.ts';
import { createTestStore } from './teststore/test-store.ts';

/** How often the lifecycle job runs: renewals are due at a period's exact end. */
const LIFECYCLE_INTERVAL_MS = 60_000;
const SECRET_KEY = 'billing.teststore-secret';

/** The test store's signing secret: configured, or generated on first start and kept. */
async function testStoreSecret(db: Kysely<Database>, configured: string | null): Promise<string> {
  if (configured) return configured;
  const fresh = JSON.stringify({ secret: `whsec_${randomBytes(24).toString('hex')}` });
  await db
    .insertInto('app_meta')
    .values({ key: SECRET_KEY, value: fresh })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('app_meta')
    .select('value')
    .where('key', '=', SECRET_KEY)
    .executeTakeFirstOrThrow();
  return String((row.value as { secret?: unknown }).secret);
}

/**
 * Mounts the processor's pages; the test store hands its signed events to the server's own
 * webhook route through Fastify's injection, so they pass the same checks as any processor's.
 */
export async function mountStore(app: FastifyInstance, processor: BillingProcessor): Promise<void> {
  await processor.mountPages(app, async (rawBody, headers) => {
    const res = await app.inject({
      method: 'POST',
      url: `${API_BASE}/billing/webhook`,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: rawBody,
    });
    if (res.statusCode !== 200) throw new Error(`the webhook answered ${res.statusCode}: ${res.body}`);
  });
}

export interface BillingSetup {
  readonly billing: Billing;
  runLifecycle(): Promise<LifecycleReport>;
  /** Starts the lifecycle job (at start, then every minute). */
  startJob(log: JobLog): RunningJob;
}

export async function createBillingSetup(deps: {
  readonly config: Config;
  readonly db: Kysely<Database>;
  readonly clock: Clock;
  readonly mailer: Mailer;
  readonly log: { warn(obj: object, msg: string): void };
}): Promise<BillingSetup> {
  const { config, db, clock, mailer } = deps;
  const processor: BillingProcessor = config.billing.stripe
    ? createStripeProcessor(config.billing.stripe)
    : createTestStore({
        secret: await testStoreSecret(db, config.billing.testStoreSecret),
        clock,
        priceOf: (planId, coupon, userGuid) => buyerPrice(db, planId, coupon, userGuid, clock.now()),
      });
  const notices = billingNotices({ db, mailer, appUrl: config.publicUrl, supportEmail: config.supportEmail });
  const billing = createBilling({
    db,
    clock,
    processor,
    notices,
    supportEmail: config.supportEmail,
    log: deps.log,
  });
  const runLifecycle = () => runBillingLifecycle({ db, clock, billing, notices });
  return {
    billing,
    runLifecycle,
    startJob: (log) =>
      startPeriodicJob({
        name: 'billing lifecycle',
        intervalMs: LIFECYCLE_INTERVAL_MS,
        log,
        work: async () => {
          const report = await runLifecycle();
          return Object.values(report).some((n) => n > 0) ? report : null;
        },
      }),
  };
}
