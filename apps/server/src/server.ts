import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { importUploadedFiles } from './db/import-uploads.ts';
import { migrateDatabase } from './db/migrate.ts';
import { startBackupScheduler } from './jobs/backup-scheduler.ts';
import { startAccrualScheduler } from './jobs/scheduler.ts';
import { keepCashTallyZone } from './modules/aml/monthly-cash.ts';
import { createFirstAdmin } from './modules/users/create-first-admin.ts';

/**
 * The only place that listens. Order: config → database → migrations → app (JWT secret) → proof images
 * left in DATA_DIR/uploads moved into the database → PLD's cash tally on the business zone → first
 * admin → HTTP.
 */
async function main() {
  const config = loadConfig();
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.pgliteDir,
    onPoolError: (error) => app?.log.error({ err: error }, 'idle database connection failed'),
  });
  try {
    await migrateDatabase(database);
    app = await buildApp({ config, database });
    await importUploadedFiles(database.db, config.dataDir, app.log);
    // PLD's monthly cash is tallied by business month: a server on another zone re-keys it first.
    if (await keepCashTallyZone(database.db, config.businessTimeZone))
      app.log.info(
        { timeZone: config.businessTimeZone },
        'PLD cash tally re-keyed to the business time zone',
      );
    if (config.admin) {
      // The env administrator has no PIN, so it cannot authorise public payments until one is set.
      const admin = await createFirstAdmin(
        database.db,
        { name: 'Administrador', lastName: 'PrestaYa', ...config.admin },
        'environment',
      );
      if (admin)
        app.log.info({ username: admin.username }, 'first administrator created from ADMIN_USERNAME');
    }
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    await app?.close();
    await database.close();
    throw error;
  }

  const server = app;
  // Late fees: once now (catching up missed days), then daily at 00:05 business time.
  const accrual = startAccrualScheduler({
    db: database.db,
    timeZone: config.businessTimeZone,
    pausePercent: config.accrualPausePercent,
    connections: config.accrualConnections,
    now: server.now,
    log: server.log,
    onRun: (run) => server.recordAccrualRun(run),
  });
  const backups = startBackupScheduler({
    target: { database, dataDir: config.dataDir, passphrase: config.backupPassphrase },
    timeZone: config.businessTimeZone,
    now: server.now,
    log: server.log,
  });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.log.info({ signal }, 'shutting down');
    try {
      await accrual.stop();
      await backups.stop();
      await server.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      server.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('PrestaYa no pudo iniciar:', error);
  }
  process.exit(1);
});
