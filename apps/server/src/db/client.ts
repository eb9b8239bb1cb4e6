import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, types, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

const ANALYZE_EVERY_MS = 10 * 60_000;
const FIRST_ANALYZE_AFTER_MS = 60_000;

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export const migrationsFolder = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../drizzle',
);

/**
 * A new, empty database cluster made by the build (scripts/build.mjs) beside the compiled server:
 * a first start copies it rather than create one (PGlite's initdb took 3 s of CPU). Absent under
 * the TypeScript sources, which create the cluster as before.
 */
export const pgdataTemplate = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../pgdata-template',
);

/** Seeds `pgdata` from the template when it holds no cluster yet (and nothing else). */
function seedFromTemplate(pgdata: string) {
  if (!existsSync(path.join(pgdataTemplate, 'PG_VERSION'))) return;
  if (existsSync(pgdata) && readdirSync(pgdata).length) return;
  const partial = `${pgdata}.seeding-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  cpSync(pgdataTemplate, partial, { recursive: true });
  rmSync(pgdata, { recursive: true, force: true });
  renameSync(partial, pgdata);
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Subscribes to a NOTIFY channel; resolves to an unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  ping(): Promise<void>;
  /** True when every migration in the folder has been applied to this database. */
  migrationsApplied(): Promise<boolean>;
  close(): Promise<void>;
}

/** Migrations in the folder (drizzle's journal). */
const migrationCount = () =>
  (
    JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
      entries: unknown[];
    }
  ).entries.length;

async function appliedAll(db: Db): Promise<boolean> {
  const result = (await db.execute(
    sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: Array<{ count: number }> };
  return Number(result.rows[0]?.count) >= migrationCount();
}

export interface DatabaseOptions {
  databaseUrl?: string;
  /** PGlite data directory; undefined keeps the database in memory (tests). */
  dataDir?: string;
  /** An already open PGlite instance to share (tests reuse one per worker). */
  pglite?: PGlite;
}

/** The values drizzle's PGlite driver keeps as PostgreSQL's text (it parses them itself). */
const drizzleTextTypes = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];

/**
 * drizzle's PGlite driver sends its type parsers with every query, and PGlite merges them into
 * its whole parser table each time: measured, that doubled the cost of a small query (130 µs
 * more). The same parsers are set on the instance once, and the client given to drizzle leaves
 * them out of each query (in transactions too).
 */
function parsersSetOnce(pglite: PGlite): PGlite {
  const keepText = (value: string) => value;
  for (const type of drizzleTextTypes) pglite.parsers[type] = keepText;
  const withoutParsers = (options: QueryOptions | undefined) =>
    options?.parsers ? { ...options, parsers: undefined } : options;
  const queryOf =
    (target: PGlite | Transaction) => (query: string, params?: unknown[], options?: QueryOptions) =>
      target.query(query, params, withoutParsers(options));
  return {
    query: queryOf(pglite),
    transaction: <T>(callback: (tx: Transaction) => Promise<T>) =>
      pglite.transaction((tx) => callback({ ...tx, query: queryOf(tx) } as Transaction)),
  } as unknown as PGlite;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options);
}

async function openPglite(options: DatabaseOptions): Promise<Database> {
  let client = options.pglite;
  const owned = !client;
  if (!client) {
    if (options.dataDir) {
      mkdirSync(options.dataDir, { recursive: true });
      seedFromTemplate(path.join(options.dataDir, 'pgdata'));
    }
    client = options.dataDir ? new PGlite(path.join(options.dataDir, 'pgdata')) : new PGlite();
  }
  const pglite = client;
  await pglite.waitReady;
  const db = drizzlePglite({ client: parsersSetOnce(pglite), schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  // The embedded database runs no autovacuum: refresh the planner's statistics now and then, or
  // history queries over a grown scans table pick poor plans (measured: 180 ms instead of 8 ms).
  // The statistics are kept in the database, so a restart plans with those of its last run: the
  // first refresh comes a minute after start-up, off its path (it took a third of PGlite's start).
  const analyze = () => pglite.query('analyze').catch(() => undefined);
  const firstAnalysis = setTimeout(() => void analyze(), FIRST_ANALYZE_AFTER_MS);
  firstAnalysis.unref();
  const analyzer = setInterval(() => void analyze(), ANALYZE_EVERY_MS);
  analyzer.unref();
  return {
    db,
    kind: 'pglite',
    async listen(channel, onPayload) {
      const unsubscribe = await pglite.listen(channel, onPayload);
      return async () => unsubscribe();
    },
    async notify(channel, payload) {
      await pglite.query('select pg_notify($1, $2)', [channel, payload]);
    },
    migrationsApplied: () => appliedAll(db),
    async ping() {
      await pglite.query('select 1');
    },
    async close() {
      clearTimeout(firstAnalysis);
      clearInterval(analyzer);
      if (owned && !pglite.closed) await pglite.close();
    },
  };
}

async function openPostgres(databaseUrl: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 20 });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  // Replicas may start together: one migrates while the others wait on the lock.
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock(727274)');
    await migratePg(db as never, { migrationsFolder });
  } finally {
    await lockClient.query('select pg_advisory_unlock(727274)').catch(() => undefined);
    lockClient.release();
  }
  // An idle connection cut by the server (restart, failover) is dropped by the pool; without a
  // listener its error would end the process.
  pool.on('error', () => undefined);
  const subscriptions = new Set<{ close: () => Promise<void> }>();
  let isClosed = false;

  return {
    db,
    kind: 'postgres',
    async listen(channel, onPayload) {
      const quoted = `"${channel.replace(/"/g, '')}"`;
      let client: pg.PoolClient | undefined;
      let retry: ReturnType<typeof setTimeout> | undefined;
      let isActive = true;
      const onNotification = (message: pg.Notification) => {
        if (message.channel === channel) onPayload(message.payload ?? '');
      };
      // A dedicated connection that LISTENs; when it drops, it reconnects and listens again.
      // A connection goes back to the pool once: an error after close (the server ending the
      // connection as the database goes away) must not release it again.
      const released = new WeakSet<pg.PoolClient>();
      const release = (connection: pg.PoolClient, destroy?: boolean) => {
        if (released.has(connection)) return;
        released.add(connection);
        connection.release(destroy);
      };
      const connect = async (): Promise<void> => {
        const next = await pool.connect();
        next.on('notification', onNotification);
        next.on('error', () => {
          release(next, true);
          if (client === next) client = undefined;
          if (isActive && !isClosed) retry = setTimeout(() => void reconnect(), 1000);
        });
        await next.query(`LISTEN ${quoted}`);
        client = next;
      };
      const reconnect = async () => {
        try {
          await connect();
        } catch {
          if (isActive && !isClosed) retry = setTimeout(() => void reconnect(), 2000);
        }
      };
      await connect();
      const subscription = {
        close: async () => {
          isActive = false;
          clearTimeout(retry);
          subscriptions.delete(subscription);
          const current = client;
          client = undefined;
          if (!current) return;
          current.off('notification', onNotification);
          await current.query(`UNLISTEN ${quoted}`).catch(() => undefined);
          release(current);
        },
      };
      subscriptions.add(subscription);
      return subscription.close;
    },
    async notify(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    migrationsApplied: () => appliedAll(db),
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      isClosed = true;
      for (const subscription of [...subscriptions]) await subscription.close();
      await pool.end();
    },
  };
}
