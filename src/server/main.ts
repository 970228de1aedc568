/**
 * Starts the one process: opens and migrates the database, builds the server, listens on
 * PORT, and shuts down cleanly on SIGTERM/SIGINT (stops accepting, finishes requests,
 * closes the database so PGlite flushes its files).
 */
import type { FastifyInstance } from 'fastify';
import { buildServer } from './app.ts';
import { type Config, loadConfig } from './config.ts';
import { migrateToLatest, openDatabase } from './db/database.ts';

export interface RunningServer {
  readonly app: FastifyInstance;
  readonly url: string;
  stop(): Promise<void>;
}

export async function startServer(config: Config): Promise<RunningServer> {
  const database = await openDatabase(config);
  try {
    await migrateToLatest(database.db);
    const app = await buildServer({ config, database });
    app.addHook('onClose', () => database.close());
    const url = await app.listen({ port: config.port, host: config.host });
    return { app, url, stop: () => app.close() };
  } catch (err) {
    await database.close();
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
