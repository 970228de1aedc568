/**
 * The server as a function of its dependencies: tests build it with a fresh database,
 * `main.ts` with the configured one. Everything under /api/v1 is JSON.
 */
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { API_BASE } from '#api/paths.ts';
import type { ReportFrequency } from '#domain/reports/report-catalogue.ts';
import { type AuthSetup, createAuthSetup } from './auth/auth-setup.ts';
import { createAuthenticator, installAuthentication } from './auth/authenticate.ts';
import { mountEmbeddedIssuer } from './auth/interaction-routes.ts';
import { type BillingSetup, createBillingSetup, mountStore } from './billing/billing-setup.ts';
import { type Clock, openClock } from './clock.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import { ScanEngine } from './engine/scan-engine.ts';
import { installAnswerCompression } from './http/compress-answers.ts';
import { ERROR_BODY_OPTIONS, installErrorHandling } from './http/errors.ts';
import { installIdempotency } from './http/idempotency.ts';
import { installRateLimits } from './http/rate-limits.ts';
import { recordRoutes } from './http/route-table.ts';
import { installSecurityHeaders } from './http/security-headers.ts';
import { inlineScriptHashes, serveApp } from './http/static-app.ts';
import { installTextRule } from './http/text-rule.ts';
import { mountTradesHub } from './hub/trades-hub.ts';
import { startExpirySettlement } from './jobs/expiry-settlement.ts';
import type { RunningJob } from './jobs/periodic-job.ts';
import { mailerFor, outboxDirOf } from './mail/create-mailer.ts';
import type { Mailer } from './mail/mailer.ts';
import { lazySimulatedMarket } from './market/lazy-market.ts';
import type { MarketProvider } from './market/provider.ts';
import { sendReports, startReportJob } from './reports/report-job.ts';
import { accountRoutes } from './routes/account.ts';
import { addinRoutes } from './routes/addin.ts';
import { authConfigRoutes } from './routes/auth-config.ts';
import { billingRoutes } from './routes/billing.ts';
import { clientLogRoutes } from './routes/client-log.ts';
import { devClockRoutes } from './routes/dev-clock.ts';
import { devInboxRoutes } from './routes/dev-inbox.ts';
import { excelAddinRoutes } from './routes/excel-addin.ts';
import { healthRoutes } from './routes/health.ts';
import { marketDataRoutes } from './routes/market-data.ts';
import { marketEnvironmentRoutes } from './routes/market-environment.ts';
import { marketSnapshotRoutes } from './routes/market-snapshot.ts';
import { pushRoutes } from './routes/push.ts';
import { reportRoutes } from './routes/reports.ts';
import { scanExportRoutes } from './routes/scan-exports.ts';
import { scanListRoutes } from './routes/scan-lists.ts';
import { scanRoutes } from './routes/scans.ts';
import { scanRunRoutes } from './routes/scans-run.ts';
import { scenarioRoutes } from './routes/scenario.ts';
import { systemMessageRoutes } from './routes/system-message.ts';
import { tradeAccountRoutes } from './routes/trade-accounts.ts';
import { tradeRoutes } from './routes/trades.ts';
import { universeRoutes } from './routes/universes.ts';
import { watchRoutes } from './routes/watching.ts';
import { seedScreener } from './screener/seed.ts';
import { pushSender } from './watching/push-sender.ts';
import { loadVapidKeys } from './watching/vapid-keys.ts';
import { startWatchJob, type WatchCheckReport } from './watching/watch-job.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Checks every watched scan now (docs/WATCHING.md); null while the market is closed. */
    checkWatchedScans(): Promise<WatchCheckReport | null>;
    /** Sends the reports of one frequency now (docs/REPORTS.md); answers how many e-mails. */
    sendReports(frequency: ReportFrequency): Promise<number>;
  }
}

export interface ServerDeps {
  readonly config: Config;
  readonly database: DatabaseHandle;
  /** Business time; by default the clock stored in the database (movable outside production). */
  readonly clock?: Clock;
  /** The OpenID provider; by default the one the config names (embedded unless OIDC_ISSUER). */
  readonly auth?: AuthSetup;
  /** Market data; by default the simulator of `config.market`, built on first use, on the business clock. */
  readonly market?: MarketProvider;
  /** E-mail; by default SMTP when `config.smtpUrl` is set, otherwise the outbox `DATA_DIR/outbox`. */
  readonly mailer?: Mailer;
  /** Billing and its lifecycle job; by default built from the config with this mailer. */
  readonly billing?: BillingSetup;
}

/** How often open positions are checked for expiry (they are also settled when listed). */
const EXPIRY_SETTLEMENT_MS = 60_000;

export async function buildServer(deps: ServerDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const { db } = database;
  const clock = deps.clock ?? (await openClock(db, { movable: config.mode !== 'production' }));
  const auth = deps.auth ?? (await createAuthSetup(config, db));
  // The gallery's samples and the predefined universes, before any route reads them.
  await seedScreener(db);
  const ownMarket = deps.market ? null : lazySimulatedMarket(config.market, () => clock.now());
  const market = deps.market ?? ownMarket!;
  const outboxDir = outboxDirOf(config.dataDir);
  const mailer = deps.mailer ?? mailerFor(config);
  const vapidKeys = loadVapidKeys(config.watch, config.dataDir);
  const engine = new ScanEngine({
    market: () => market,
    workers: config.scan.workers ?? undefined,
    timeBudgetMs: config.scan.timeBudgetMs,
    probabilityModel: config.probabilityModel,
    warn: (msg) => app.log.warn(msg),
  });
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Tokens travel in the query string on WebSocket upgrades; keep them out of the logs.
      serializers: {
        req: (req) => ({ method: req.method, url: req.url.replace(/access_token=[^&]+/, 'access_token=…') }),
      },
    },
    bodyLimit: 1_048_576,
    // Only behind a proxy we run: otherwise a client could pick its own address (and so
    // its own rate-limit bucket) with X-Forwarded-For.
    trustProxy: config.trustProxy,
    ...ERROR_BODY_OPTIONS,
  });
  installErrorHandling(app);
  const billing = deps.billing ?? (await createBillingSetup({ config, db, clock, mailer, log: app.log }));
  installTextRule(app);
  recordRoutes(app);
  await app.register(helmet, {
    // The app shell is same-origin; the service worker and manifest need nothing extra.
    contentSecurityPolicy: {
      directives: {
        // index.html's signed-out gate is inline, allowed by its hash (docs/SECURITY.md).
        'script-src': ["'self'", ...inlineScriptHashes(config.staticDir)],
        // 'self' covers the live updates' ws:/wss: on this host too (CSP Level 3).
        'connect-src': ["'self'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'frame-src': ["'self'"],
        // Off: it would break plain-http use on a LAN address (e.g. a phone trying the app);
        // production runs behind TLS anyway.
        'upgrade-insecure-requests': null,
      },
    },
    // Sent over https only (securityHeaders): over plain http browsers ignore it anyway, and it
    // would tell a LAN or localhost user's browser something untrue.
    strictTransportSecurity: false,
  });
  installSecurityHeaders(app);
  if (auth.embedded)
    await mountEmbeddedIssuer(app, {
      issuer: auth.embedded,
      db,
      passwordFailures: config.rateLimits.passwordFailures,
    });
  // The one way a token becomes a user: REST below, and the hub's WebSocket upgrade.
  const authenticator = createAuthenticator({ verifier: auth.verifier, db, clock });
  await app.register(
    async (api) => {
      // Every route below needs a valid token unless its config says `access: 'public'`.
      // The per-address limit first: it runs before the token is checked.
      await installRateLimits(api, config.rateLimits);
      installAuthentication(api, authenticator);
      // A replayed write (its Idempotency-Key) is answered as the first time, not run again.
      installIdempotency(api, db);
      // Answers about one user's data are never stored by a browser or a proxy.
      api.addHook('onSend', async (_request, reply) => {
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      });
      installAnswerCompression(api);
      healthRoutes(api, { version: config.version, databaseKind: database.kind });
      clientLogRoutes(api);
      authConfigRoutes(api, { authConfig: auth.authConfig });
      systemMessageRoutes(api, { db });
      accountRoutes(api, { db, embeddedIssuer: auth.embedded?.issuer ?? null, billing: billing.billing });
      await billingRoutes(api, { billing: billing.billing });
      marketEnvironmentRoutes(api, { market });
      if (config.devTools) devClockRoutes(api, { clock });
      tradeAccountRoutes(api, { db });
      tradeRoutes(api, { db, market, probabilityModel: config.probabilityModel });
      marketDataRoutes(api, { market });
      addinRoutes(api, { db, clock, market });
      scanRoutes(api, { db });
      await api.register(watchRoutes, {
        db,
        engine,
        limits: config.rateLimits,
        budgetMs: config.watch.budgetMs,
      });
      reportRoutes(api, { db });
      pushRoutes(api, {
        db,
        publicKey: vapidKeys.publicKey,
        pushHosts: config.watch.pushHosts,
        allowLoopback: config.mode === 'test',
      });
      scanListRoutes(api, { db });
      universeRoutes(api, { db, market });
      await api.register(scanRunRoutes, { engine, db, limits: config.rateLimits });
      await api.register(scanExportRoutes, { engine, db, authenticator, limits: config.rateLimits });
      await api.register(marketSnapshotRoutes, { engine, db, limits: config.rateLimits });
      scenarioRoutes(api, {
        market,
        engine,
        db,
        limits: config.rateLimits,
        timeBudgetMs: config.scan.timeBudgetMs,
      });
    },
    { prefix: API_BASE },
  );
  // Outside the API prefix: HTML pages for a person reading the outbox, not calls of the app.
  if (config.devTools && mailer.kind === 'outbox') devInboxRoutes(app, { outboxDir });
  // The Excel add-in's manifest and cell-function metadata, files for Office rather than calls.
  excelAddinRoutes(app, { publicUrl: config.publicUrl });
  // The payment processor's own pages (the checkout frame's store), outside the API.
  await mountStore(app, billing.billing.processor);
  // Live updates (docs/LIVE.md): the same authenticator and market as the API.
  await mountTradesHub(app, {
    authenticator,
    market,
    config: config.hub,
    probabilityModel: config.probabilityModel,
  });
  await serveApp(app, config.staticDir);
  const watchDeps = {
    db,
    engine,
    market,
    clock,
    mailer,
    push: pushSender(vapidKeys, `mailto:${config.supportEmail}`),
    appUrl: config.publicUrl,
    budgetMs: config.watch.budgetMs,
    log: app.log,
  };
  const reportDeps = { db, clock, market, mailer, appUrl: config.publicUrl };
  // The operator's `reports send` sends a frequency's reports now, outside their schedule.
  app.decorate('sendReports', (frequency: ReportFrequency) => sendReports(reportDeps, frequency));
  let settlement: RunningJob | null = null;
  let lifecycle: RunningJob | null = null;
  let watching: RunningJob<WatchCheckReport> | null = null;
  let reports: RunningJob | null = null;
  // The operator's `watch run` (src/server/ops/commands.ts) checks now, through the job: after
  // any check in progress, never alongside one (both would announce the same trades).
  app.decorate('checkWatchedScans', async () => {
    if (!watching) throw new Error('The watch job has not started yet: try again in a moment.');
    return watching.runNow();
  });
  app.addHook('onReady', async () => {
    settlement = startExpirySettlement({ db, market, intervalMs: EXPIRY_SETTLEMENT_MS, log: app.log });
    lifecycle = billing.startJob(app.log);
    watching = startWatchJob(watchDeps, { intervalMs: config.watch.intervalMs, log: app.log });
    reports = startReportJob(reportDeps, app.log);
    // Outside tests the market is built right away, so the first trade finds it ready.
    if (config.mode !== 'test') ownMarket?.warm();
  });
  // Before any onClose hook: the caller's closes the database, which a job's run may be using.
  app.addHook('preClose', async () => {
    await settlement?.stop();
    await lifecycle?.stop();
    await watching?.stop();
    await reports?.stop();
  });
  app.addHook('onClose', async () => {
    await engine.close();
    ownMarket?.close();
    // An injected mailer belongs to whoever passed it.
    if (!deps.mailer) await mailer.close();
  });
  return app;
}
