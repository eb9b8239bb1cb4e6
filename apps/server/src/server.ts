import module from 'node:module';
import { createServer } from 'node:net';
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from './config/env.ts';
import { DataDirBusyError, lockDataDir } from './lib/data-dir-lock.ts';

/** PORT=0: pick a free port before building the app, since the issuer URL includes it. */
async function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

// Node 22.1 and later keep the compiled code of the modules loaded below on disk, so the next start
// parses less (a no-op on older Node, and when NODE_DISABLE_COMPILE_CACHE is set).
(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();

async function main() {
  let config: Config;
  try {
    const port =
      process.env.PORT === '0' ? await freePort(process.env.HOST || '127.0.0.1') : undefined;
    config = loadConfig(port ? { ...process.env, PORT: String(port) } : process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // The embedded database is one process's: a second server (or a backup, or a restore) on the
  // same DATA_DIR is refused before anything is opened.
  let unlock = () => {};
  if (!config.databaseUrl) {
    try {
      unlock = lockDataDir(path.resolve(config.dataDir), 'server');
    } catch (error) {
      if (!(error instanceof DataDirBusyError)) throw error;
      console.error(`${error.message} Stop it first: one embedded database serves one process.`);
      process.exit(1);
    }
    process.on('exit', () => unlock());
  }

  // Loaded once the configuration is known to be good, so a bad one is all that is printed.
  const [{ buildApp, defaultWebDist }, { openDatabase }, { keyStoreOf, loadIdentityKeys }, logger] =
    await Promise.all([
      import('./app.ts'),
      import('./db/client.ts'),
      import('./modules/identity/keys.ts'),
      import('./lib/logger.ts'),
    ]);
  const { loggerOptions } = logger;
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const identityKeys = await loadIdentityKeys({
    store: config.oidc.issuer ? undefined : keyStoreOf(database, config.dataDir),
    jwks: config.oidc.jwks,
    cookieKeys: config.oidc.cookieKeys,
  });
  const app = await buildApp({
    config,
    database,
    identityKeys,
    webDist: config.webDist ?? defaultWebDist,
    logger: loggerOptions(config.logLevel),
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close();
      await database.close();
      unlock();
    } finally {
      clearTimeout(timer);
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `CareCode listening on ${config.publicUrl} (port ${config.port}, database ${database.kind})`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
