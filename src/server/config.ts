/**
 * Server configuration, read once from the environment. Every default is embedded, so
 * `npm start` needs no setup; each production part is switched on by one variable.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export interface Config {
  readonly port: number;
  readonly host: string;
  /** Every piece of runtime state (embedded database, keys, outbox) lives under this folder. */
  readonly dataDir: string;
  /** `postgres://…` switches from the embedded PGlite database to PostgreSQL. */
  readonly databaseUrl: string | null;
  readonly mode: 'production' | 'development' | 'test';
  readonly logLevel: string;
  /** Where the built PWA lives; null serves the API only. */
  readonly staticDir: string | null;
  readonly version: string;
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

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const mode = modeFrom(env.NODE_ENV);
  return {
    port: intFrom(env.PORT, 8080, 'PORT'),
    host: env.HOST || '0.0.0.0',
    dataDir: resolve(env.DATA_DIR || resolve(projectRoot, 'data')),
    databaseUrl: env.DATABASE_URL || null,
    mode,
    logLevel: env.LOG_LEVEL || (mode === 'test' ? 'error' : 'info'),
    staticDir: resolve(projectRoot, 'dist'),
    version: appVersion,
  };
}
