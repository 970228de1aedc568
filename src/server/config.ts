/**
 * Server configuration, read once from the environment. Every default is embedded, so
 * `npm start` needs no setup; each production part is switched on by one variable.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { type SimulatorConfig, simulatorConfigFromEnv } from './market/sim-config.ts';

export interface Config {
  readonly port: number;
  readonly host: string;
  /** Every piece of runtime state (embedded database, keys, outbox) lives under this folder. */
  readonly dataDir: string;
  /** `postgres://…` switches from the embedded PGlite database to PostgreSQL. */
  readonly databaseUrl: string | null;
  readonly mode: 'production' | 'development' | 'test';
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
  /** Annual risk-free rate, continuously compounded, until the market provider supplies one. */
  readonly riskFreeRate: number;
  /** The simulated market (SIM_SEED, SIM_UNIVERSE: 'M' by default, 'S' in tests; SIM_HOURS, SIM_AS_OF). */
  readonly market: SimulatorConfig;
}

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
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: resolve(env.DATA_DIR || resolve(projectRoot, 'data')),
    databaseUrl: env.DATABASE_URL || null,
    mode,
    logLevel: env.LOG_LEVEL || (mode === 'test' ? 'error' : 'info'),
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    staticDir: resolve(projectRoot, 'dist'),
    version: appVersion,
    publicUrl: (env.PUBLIC_URL?.trim() || `http://localhost:${port}`).replace(/\/$/, ''),
    ...oidcFrom(env),
    riskFreeRate: 0.0525,
    market: simulatorConfigFromEnv({
      ...env,
      SIM_UNIVERSE: env.SIM_UNIVERSE || (mode === 'test' ? 'S' : 'M'),
    }),
  };
}
