/**
 * Server configuration, read once from the environment. Every default is embedded, so
 * `npm start` needs no setup; each production part is switched on by one variable.
 */

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ProbabilityModel } from '#domain/pricing/terminal-distribution.ts';
import { type StripeConfig, stripeConfigFromEnv } from './billing/stripe/stripe-config.ts';
import { type HubConfig, hubConfigFromEnv } from './hub/hub-config.ts';
import { type SimulatorConfig, simulatorConfigFromEnv } from './market/sim-config.ts';

export interface Config {
  readonly port: number;
  readonly host: string;
  /** Every piece of runtime state (embedded database, keys, outbox) lives under this folder. */
  readonly dataDir: string;
  /** `postgres://…` switches from the embedded PGlite database to PostgreSQL. */
  readonly databaseUrl: string | null;
  readonly mode: 'production' | 'development' | 'test';
  /**
   * Development conveniences: the clock control route (`/api/v1/dev/clock`). On in tests
   * (NODE_ENV=test) and under `npm run dev` only; never under `npm start`, whatever NODE_ENV says.
   */
  readonly devTools: boolean;
  /**
   * Origins the app is also served from besides PUBLIC_URL's: OIDC_APP_ORIGINS, and Vite's dev
   * server under `npm run dev`. The embedded sign-in sends tokens back only to the app's exact
   * pages under these origins (`appAddresses`).
   */
  readonly otherAppOrigins: readonly string[];
  /** Request limits (docs/SECURITY.md); tests that send bursts on purpose may raise them. */
  readonly rateLimits: RateLimits;
  readonly logLevel: string;
  /** Trust X-Forwarded-* headers (TRUST_PROXY=1): only when a reverse proxy sets them. */
  readonly trustProxy: boolean;
  /** Where the built PWA lives; null serves the API only. */
  readonly staticDir: string | null;
  readonly version: string;
  /** The address users open (scheme, host, port); the embedded issuer is `${publicUrl}/oidc`. */
  readonly publicUrl: string;
  /** An external OpenID provider's issuer URL; null runs the embedded issuer. */
  readonly oidcIssuer: string | null;
  /** The app's client id at the OpenID provider (the `aud` of its id tokens). */
  readonly oidcClientId: string;
  /** The simulated market (SIM_SEED, SIM_UNIVERSE: 'M' by default, 'S' in tests; SIM_HOURS, SIM_AS_OF). */
  readonly market: SimulatorConfig;
  /** Scan engine: worker threads (SCAN_WORKERS, default min(2, cores); 0 scans in-process) and the time budget of a scan (SCAN_TIME_BUDGET_MS, default 20,000). */
  readonly scan: { readonly workers: number | null; readonly timeBudgetMs: number };
  /** The distribution of every probability and expected value (PROBABILITY_MODEL: `smile`, the default, or `lognormal`; docs/METRICS.md). */
  readonly probabilityModel: ProbabilityModel;
  /** The live-update hub: keep-alive, time-out and limits (HUB_KEEPALIVE_MS, HUB_CLIENT_TIMEOUT_MS, …; docs/LIVE.md). */
  readonly hub: HubConfig;
  /** `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…:465`; null writes e-mail to `DATA_DIR/outbox` (docs/EMAIL.md). */
  readonly smtpUrl: string | null;
  /** The From of every e-mail (MAIL_FROM; default `"OptionScout" <no-reply@PUBLIC_URL's host>`). */
  readonly mailFrom: string;
  /** Where users write for help (SUPPORT_EMAIL; default `support@PUBLIC_URL's host`). */
  readonly supportEmail: string;
  /** Billing (docs/BILLING.md): the embedded test store unless Stripe is configured. */
  readonly billing: BillingConfig;
  /** Watched scans and their alerts (docs/WATCHING.md). */
  readonly watch: WatchConfig;
}

export interface WatchConfig {
  /** WATCH_INTERVAL_MS: how often watched scans are checked while the market is open (15 min). */
  readonly intervalMs: number;
  /** WATCH_BUDGET_MS: a check slower than this (wall clock) marks the watch WATCHING_TOO_EXPENSIVE. */
  readonly budgetMs: number;
  /** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY together; null: generated once into DATA_DIR. */
  readonly vapidKeys: { readonly publicKey: string; readonly privateKey: string } | null;
  /**
   * Host names of the push services alerts are sent to (PUSH_HOSTS adds to the known ones; a
   * leading '.' allows the subdomains). Test mode also allows http://127.0.0.1 (a fake service).
   */
  readonly pushHosts: readonly string[];
}

/** The browsers' push services (docs/WATCHING.md): the only hosts the server posts alerts to. */
export const KNOWN_PUSH_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
  '.notify.windows.com',
] as const;

export interface BillingConfig {
  /** TESTSTORE_WEBHOOK_SECRET; null: generated once and kept in the database. */
  readonly testStoreSecret: string | null;
  /** STRIPE_SECRET_KEY and its companions: bill through Stripe (docs/BILLING.md). */
  readonly stripe: StripeConfig | null;
}

export interface Limit {
  readonly max: number;
  readonly windowMs: number;
}

export interface RateLimits {
  /** Any API call, per signed-in user (per client address without a valid token). */
  readonly api: Limit;
  /** Scan runs and pages of scan results, per user. */
  readonly scanRuns: Limit;
  /** CSV and broker exports, per user. */
  readonly exports: Limit;
  /** Failed passwords per account (e-mail address), whatever addresses they come from. */
  readonly passwordFailures: Limit;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  api: { max: 200, windowMs: 10_000 },
  scanRuns: { max: 60, windowMs: 60_000 },
  exports: { max: 10, windowMs: 60_000 },
  passwordFailures: { max: 10, windowMs: 15 * 60_000 },
};

export const projectRoot = resolve(import.meta.dirname, '../..');

export const appVersion: string = (
  JSON.parse(readFileSync(resolve(projectRoot, 'package.json'), 'utf8')) as { version: string }
).version;

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535)
    throw new Error(`${name} must be an integer port number, got '${value}'`);
  return n;
}

function modeFrom(value: string | undefined): Config['mode'] {
  if (value === 'production' || value === 'test') return value;
  return 'development';
}

/** Every address the app is served from (no trailing slash): PUBLIC_URL first. */
export function appAddresses(config: Pick<Config, 'publicUrl' | 'otherAppOrigins'>): string[] {
  return [...new Set([config.publicUrl, ...config.otherAppOrigins])];
}

/** OIDC_APP_ORIGINS: comma-separated origins, each checked. */
function originsFrom(list: string | undefined): string[] {
  const origins: string[] = [];
  for (const part of (list ?? '').split(',')) {
    const value = part.trim();
    if (!value) continue;
    const url = URL.parse(value);
    if (
      !url ||
      (url.protocol !== 'http:' && url.protocol !== 'https:') ||
      url.origin !== value.replace(/\/$/, '')
    )
      throw new Error(`OIDC_APP_ORIGINS must list origins like https://app.example.com, got '${value}'`);
    origins.push(url.origin);
  }
  return origins;
}

/** `OIDC_ISSUER` and `OIDC_CLIENT_ID` come together: one names the provider, the other us at it. */
function oidcFrom(env: NodeJS.ProcessEnv): { oidcIssuer: string | null; oidcClientId: string } {
  const issuer = env.OIDC_ISSUER?.trim() || null;
  const clientId = env.OIDC_CLIENT_ID?.trim() || null;
  if (issuer && !clientId)
    throw new Error("OIDC_ISSUER is set: set OIDC_CLIENT_ID to the app's client id too");
  if (issuer && !URL.canParse(issuer)) throw new Error(`OIDC_ISSUER must be a URL, got '${issuer}'`);
  // Kept as given: some providers' issuer identifier ends with '/', and `iss` must match exactly.
  return { oidcIssuer: issuer, oidcClientId: clientId ?? EMBEDDED_CLIENT_ID };
}

/** The embedded issuer's one client: this app. */
export const EMBEDDED_CLIENT_ID = 'optionscout';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const mode = modeFrom(env.NODE_ENV);
  const port = intFrom(env.PORT, 8080, 'PORT');
  const publicUrl = (env.PUBLIC_URL?.trim() || `http://localhost:${port}`).replace(/\/$/, '');
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: resolve(env.DATA_DIR || resolve(projectRoot, 'data')),
    databaseUrl: env.DATABASE_URL || null,
    mode,
    devTools: mode === 'test',
    otherAppOrigins: originsFrom(env.OIDC_APP_ORIGINS),
    rateLimits: DEFAULT_RATE_LIMITS,
    logLevel: env.LOG_LEVEL || (mode === 'test' ? 'error' : 'info'),
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    staticDir: resolve(projectRoot, 'dist'),
    version: appVersion,
    publicUrl,
    ...oidcFrom(env),
    market: simulatorConfigFromEnv({
      ...env,
      SIM_UNIVERSE: env.SIM_UNIVERSE || (mode === 'test' ? 'S' : 'M'),
    }),
    scan: {
      workers: env.SCAN_WORKERS ? countFrom(env.SCAN_WORKERS, 'SCAN_WORKERS', 64) : null,
      timeBudgetMs: env.SCAN_TIME_BUDGET_MS
        ? countFrom(env.SCAN_TIME_BUDGET_MS, 'SCAN_TIME_BUDGET_MS', 600_000)
        : 20_000,
    },
    probabilityModel: probabilityModelFrom(env.PROBABILITY_MODEL),
    hub: hubConfigFromEnv(env),
    ...mailConfigFrom(env, publicUrl),
    billing: {
      testStoreSecret: env.TESTSTORE_WEBHOOK_SECRET?.trim() || null,
      stripe: stripeConfigFromEnv(env),
    },
    watch: watchConfigFrom(env),
  };
}

function watchConfigFrom(env: NodeJS.ProcessEnv): WatchConfig {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim() || null;
  const privateKey = env.VAPID_PRIVATE_KEY?.trim() || null;
  if ((publicKey === null) !== (privateKey === null))
    throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY come together: set both or neither');
  const added = (env.PUSH_HOSTS ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter((h) => h !== '');
  for (const host of added)
    if (!/^\.?[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(host))
      throw new Error(`PUSH_HOSTS must list host names like push.example.com or .example.com, got '${host}'`);
  const intervalMs = env.WATCH_INTERVAL_MS
    ? countFrom(env.WATCH_INTERVAL_MS, 'WATCH_INTERVAL_MS', 24 * 3_600_000)
    : 15 * 60_000;
  // Every check runs every watched scan: more often than a minute would crowd out the users' own.
  if (intervalMs < 60_000) throw new Error(`WATCH_INTERVAL_MS must be at least 60000, got '${intervalMs}'`);
  return {
    intervalMs,
    budgetMs: env.WATCH_BUDGET_MS ? countFrom(env.WATCH_BUDGET_MS, 'WATCH_BUDGET_MS', 600_000) : 5_000,
    vapidKeys: publicKey && privateKey ? { publicKey, privateKey } : null,
    pushHosts: [...KNOWN_PUSH_HOSTS, ...added],
  };
}

/**
 * The mail domain of PUBLIC_URL: its host name, or `localhost` when that is an IP address (an
 * address literal would need brackets in an e-mail address, and says nothing to a reader).
 */
function mailDomain(publicUrl: string): string {
  const host = URL.parse(publicUrl)?.hostname ?? '';
  return /[a-z]/i.test(host) && /^[a-z0-9.-]+$/i.test(host) ? host : 'localhost';
}

/** SMTP_URL, MAIL_FROM and SUPPORT_EMAIL; the addresses default to PUBLIC_URL's host. */
function mailConfigFrom(
  env: NodeJS.ProcessEnv,
  publicUrl: string,
): Pick<Config, 'smtpUrl' | 'mailFrom' | 'supportEmail'> {
  const smtpUrl = env.SMTP_URL?.trim() || null;
  const protocol = smtpUrl === null ? null : URL.parse(smtpUrl)?.protocol;
  if (smtpUrl !== null && protocol !== 'smtp:' && protocol !== 'smtps:')
    throw new Error('SMTP_URL must be smtp://user:pass@host:587 or smtps://user:pass@host:465');
  const domain = mailDomain(publicUrl);
  return {
    smtpUrl,
    mailFrom: env.MAIL_FROM?.trim() || `"OptionScout" <no-reply@${domain}>`,
    supportEmail: env.SUPPORT_EMAIL?.trim() || `support@${domain}`,
  };
}

function probabilityModelFrom(value: string | undefined): ProbabilityModel {
  const v = value?.trim() || 'smile';
  // A typo must not silently switch every probability to another model.
  if (v !== 'smile' && v !== 'lognormal')
    throw new Error(`PROBABILITY_MODEL must be smile or lognormal, got '${v}'`);
  return v;
}

function countFrom(value: string, name: string, max: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > max)
    throw new Error(`${name} must be a whole number 0–${max}, got '${value}'`);
  return n;
}
