import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config/env.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { loadIdentityKeys, type IdentityKeys } from '../src/modules/identity/keys.ts';
import { signAccessToken, type TokenOptions } from './access-token.ts';

export type { TokenOptions };

const TABLES = [
  'scans',
  'qr_codes',
  'orders',
  'profiles',
  'credentials',
  'users',
  'oidc_models',
  'rate_limit_counters',
  'alert_events',
  'alert_deliveries',
  'alert_throttle',
  'erased_accounts',
  // Kept by triggers on scans, which a truncate does not fire.
  'scan_day_stats',
  'scan_qr_day_stats',
];

const shared = globalThis as unknown as { __carecodePglite?: Promise<PGlite> };

/**
 * The database for one test app: with DATABASE_URL set, a fresh database on that PostgreSQL server
 * (dropped on close); otherwise this worker's in-memory PGlite, emptied first.
 */
async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const name = `carecode_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString() });
    return {
      database,
      drop: async () => {
        await database.close();
        const cleanup = new pg.Client({ connectionString: adminUrl });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name} with (force)`);
        await cleanup.end();
      },
    };
  }
  shared.__carecodePglite ??= PGlite.create();
  const pglite = await shared.__carecodePglite;
  const database = await openDatabase({ pglite });
  await pglite.exec(`truncate ${TABLES.join(', ')} cascade`);
  return { database, drop: async () => undefined };
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: Database;
  keys: IdentityKeys;
  /** A bearer access token as the built-in provider would issue it. */
  tokenFor(options?: TokenOptions): Promise<string>;
  /** `{ authorization: 'Bearer …' }` for a fresh user with that subject. */
  authHeaders(options?: TokenOptions): Promise<{ authorization: string }>;
  close(): Promise<void>;
}

export async function buildTestApp(
  env: Record<string, string> = {},
  options: {
    logger?: FastifyServerOptions['logger'];
    alertDispatch?: 'auto' | 'manual';
    /** A built web app to serve (as WEB_DIST); default the API only. */
    webDist?: string;
    planReminders?: 'auto' | 'manual';
    /** Runs before the app is ready (hooks can only be added then). */
    beforeReady?: (app: FastifyInstance) => void;
  } = {},
): Promise<TestApp> {
  // A data folder of its own (mails written to the outbox land there), removed on close.
  const dataDir = env.DATA_DIR ? undefined : mkdtempSync(path.join(tmpdir(), 'carecode-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: 'http://localhost:8080',
    LOG_LEVEL: 'silent',
    ...(dataDir ? { DATA_DIR: dataDir } : {}),
    ...env,
  });
  const { database, drop } = await openTestDatabase();
  const keys = await loadIdentityKeys({});
  const app = await buildApp({
    config,
    database,
    identityKeys: keys,
    logger: options.logger,
    alertDispatch: options.alertDispatch,
    webDist: options.webDist,
    planReminders: options.planReminders,
  });
  options.beforeReady?.(app);
  await app.ready();

  const tokenFor = (options: TokenOptions = {}) => signAccessToken(config, keys, options);

  return {
    app,
    config,
    database,
    keys,
    tokenFor,
    authHeaders: async (options) => ({ authorization: `Bearer ${await tokenFor(options)}` }),
    close: async () => {
      await app.close();
      await drop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
