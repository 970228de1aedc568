/**
 * Starts the one process: opens and migrates the database, builds the server, listens on
 * PORT, and shuts down cleanly on SIGTERM/SIGINT (stops accepting, finishes requests,
 * closes the database so PGlite flushes its files).
 */
import { mkdirSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { buildServer, type ServerDeps } from './app.ts';
import { createAuthSetup } from './auth/auth-setup.ts';
import { createBillingSetup } from './billing/billing-setup.ts';
import { openClock } from './clock.ts';
import { type Config, loadConfig } from './config.ts';
import { migrateToLatest, openDatabase } from './db/database.ts';
import { mailerFor } from './mail/create-mailer.ts';
import { type OpsResult, runOpsCommand } from './ops/commands.ts';
import { listenForOps } from './ops/ops-socket.ts';

export interface RunningServer {
  readonly app: FastifyInstance;
  readonly url: string;
  stop(): Promise<void>;
}

/** `market`, `mailer`: another market provider or mailer than the configured ones (tests). */
export async function startServer(
  config: Config,
  deps: Pick<ServerDeps, 'market' | 'mailer'> = {},
): Promise<RunningServer> {
  // A fresh clone has no data folder yet. Owner-only: it holds the database, the issuer's
  // signing keys and the operator socket (an existing folder keeps the mode it has).
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  // The operator socket first: it refuses to start when another server owns this DATA_DIR,
  // before that server's embedded database is opened a second time.
  let runOps: ((args: string[]) => Promise<OpsResult>) | null = null;
  const ops = await listenForOps(
    config.dataDir,
    (args) =>
      runOps ? runOps(args) : Promise.resolve({ ok: false, lines: ['The server is starting; try again.'] }),
    { warn: (obj, msg) => console.warn(msg, obj), error: (obj, msg) => console.error(msg, obj) },
  );
  let database: Awaited<ReturnType<typeof openDatabase>> | null = null;
  try {
    database = await openDatabase(config);
    const { db } = database;
    await migrateToLatest(db);
    const clock = await openClock(db, { movable: config.mode !== 'production' });
    const auth = await createAuthSetup(config, db);
    const mailer = deps.mailer ?? mailerFor(config);
    const log = { warn: (obj: object, msg: string) => console.warn(msg, obj) };
    const billing = await createBillingSetup({ config, db, clock, mailer, log });
    const app = await buildServer({ config, database, clock, auth, mailer, billing, ...deps });
    const opened = database;
    app.addHook('onClose', async () => {
      // A mailer passed in belongs to the caller.
      if (!deps.mailer) await mailer.close();
      await ops?.close();
      await opened.close();
    });
    runOps = (args) =>
      runOpsCommand(
        {
          db,
          clock,
          issuer: auth.verifier.issuer,
          minter: auth.embedded?.minter ?? null,
          billing,
          checkWatchedScans: () => app.checkWatchedScans(),
          sendReports: (frequency) => app.sendReports(frequency),
        },
        args,
      );
    const url = await app.listen({ port: config.port, host: config.host });
    return { app, url, stop: () => app.close() };
  } catch (err) {
    await ops?.close();
    await database?.close();
    throw err;
  }
}

export function stopOnSignals(server: RunningServer): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.app.log.info({ signal }, 'shutting down');
    server
      .stop()
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        server.app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

if (import.meta.main) {
  const server = await startServer(loadConfig());
  stopOnSignals(server);
}
