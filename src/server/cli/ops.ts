/**
 * `npm run ops -- <command>`: operator commands on the same DATA_DIR / DATABASE_URL as the
 * server. Through the running server's ops socket when there is one, else directly on the
 * database (migrating it first, as the server would). See `OPS_USAGE` for the commands.
 */
import { embeddedIssuerUrl } from '../auth/embedded-issuer.ts';
import { loadIssuerKeys } from '../auth/issuer-keys.ts';
import { createTokenMinter } from '../auth/token-minter.ts';
import { createBillingSetup } from '../billing/billing-setup.ts';
import { openClock } from '../clock.ts';
import { type Config, loadConfig } from '../config.ts';
import { migrateToLatest, openDatabase } from '../db/database.ts';
import { mailerFor } from '../mail/create-mailer.ts';
import { type OpsResult, runOpsCommand, usageFor } from '../ops/commands.ts';
import { sendOpsCommand } from '../ops/ops-socket.ts';

async function runDirectly(config: Config, args: readonly string[]): Promise<OpsResult> {
  const database = await openDatabase(config);
  const mailer = mailerFor(config);
  try {
    await migrateToLatest(database.db);
    const clock = await openClock(database.db, { movable: config.mode !== 'production' });
    const issuer = config.oidcIssuer ?? embeddedIssuerUrl(config);
    const minter =
      config.oidcIssuer === null
        ? createTokenMinter({
            keys: await loadIssuerKeys(config.dataDir),
            issuer,
            audience: config.oidcClientId,
          })
        : null;
    const billing = await createBillingSetup({
      config,
      db: database.db,
      clock,
      mailer,
      log: { warn: (obj, msg) => console.warn(msg, obj) },
    });
    return await runOpsCommand({ db: database.db, clock, issuer, minter, billing }, args);
  } finally {
    await mailer.close();
    await database.close();
  }
}

const config = loadConfig();
const args = process.argv.slice(2);
const result =
  usageFor(args) ?? (await sendOpsCommand(config.dataDir, args)) ?? (await runDirectly(config, args));
for (const line of result.lines) (result.ok ? process.stdout : process.stderr).write(`${line}\n`);
process.exitCode = result.ok ? 0 : 1;
