import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
} from 'node:fs';
import { chmod, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { LOCK_FILE, lockDataDir } from '../lib/data-dir-lock.ts';
import { packTar, unpackTar, type TarEntry } from '../lib/tar.ts';

// Backups of the embedded database (PGlite) and the keys kept beside it, taken and restored with
// the server stopped. A backup is a gzipped tar of DATA_DIR: first carecode-backup.json (what it
// holds, with the row count of every table), then every file at the top of DATA_DIR (the sign-in
// keys, the alert keys, and any other key file written there) and the database folder, pgdata/.
// The mail outbox (DATA_DIR/outbox/, copies of mails when no SMTP relay is set) is left out.

export const MANIFEST = 'carecode-backup.json';
const PGDATA = 'pgdata';

export interface BackupManifest {
  format: 'carecode-backup';
  version: 1;
  createdAt: string;
  database: 'pglite';
  /** Rows in each table ("schema.table"), counted as the backup was taken. */
  rows: Record<string, number>;
  /** The files beside the database (keys). */
  files: string[];
}

export class BackupError extends Error {}

/** The number of rows in every table of the database, by "schema.table". */
export async function countRows(pglite: PGlite): Promise<Record<string, number>> {
  const tables = await pglite.query<{ schemaname: string; tablename: string }>(
    `select schemaname, tablename from pg_tables
     where schemaname not in ('pg_catalog', 'information_schema') order by 1, 2`,
  );
  const rows: Record<string, number> = {};
  for (const { schemaname, tablename } of tables.rows) {
    const quoted = `"${schemaname.replace(/"/g, '""')}"."${tablename.replace(/"/g, '""')}"`;
    const result = await pglite.query<{ count: number }>(
      `select count(*)::int as count from ${quoted}`,
    );
    rows[`${schemaname}.${tablename}`] = result.rows[0].count;
  }
  return rows;
}

/** Opens the database in `pgdata` (recovering it after a crash), runs `work`, closes it cleanly. */
async function withDatabase<T>(pgdata: string, work: (pglite: PGlite) => Promise<T>): Promise<T> {
  const pglite = new PGlite(pgdata);
  try {
    await pglite.waitReady;
    const migrations = await pglite.query<{ table: string | null }>(
      `select to_regclass('drizzle.__drizzle_migrations')::text as table`,
    );
    if (!migrations.rows[0]?.table) throw new BackupError('This is not a CareCode database.');
    return await work(pglite);
  } finally {
    if (!pglite.closed) await pglite.close();
  }
}

/** Top-level files of DATA_DIR that a backup holds: everything but the lock. */
function keyFiles(dataDir: string): string[] {
  return readdirSync(dataDir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name !== LOCK_FILE)
    .map((entry) => entry.name)
    .sort();
}

async function* folderEntries(root: string, relative: string): AsyncGenerator<TarEntry> {
  const absolute = path.join(root, relative);
  const info = await stat(absolute);
  yield { name: relative, type: 'directory', mode: info.mode, mtime: info.mtime };
  for (const entry of readdirSync(absolute, { withFileTypes: true }).sort((a, b) =>
    a.name.localeCompare(b.name),
  )) {
    const child = `${relative}/${entry.name}`;
    if (entry.isDirectory()) yield* folderEntries(root, child);
    else if (entry.isFile() && entry.name !== 'postmaster.pid') yield fileEntry(root, child);
  }
}

async function fileEntry(root: string, relative: string): Promise<TarEntry> {
  const absolute = path.join(root, relative);
  const info = await stat(absolute);
  return {
    name: relative,
    type: 'file',
    mode: info.mode,
    mtime: info.mtime,
    data: readFileSync(absolute),
  };
}

/**
 * Writes a backup of `dataDir` to `file` (owner-only: it holds the keys). Refused while the
 * server, or another backup or restore, uses `dataDir` (DataDirBusyError).
 */
export async function backupDataDir(
  dataDir: string,
  file: string,
): Promise<{ manifest: BackupManifest; bytes: number }> {
  if (!existsSync(path.join(dataDir, PGDATA, 'PG_VERSION'))) {
    throw new BackupError(`There is no database in DATA_DIR ${dataDir}: nothing to back up.`);
  }
  const unlock = lockDataDir(dataDir, 'backup');
  const partial = `${file}.partial-${process.pid}`;
  try {
    const rows = await withDatabase(path.join(dataDir, PGDATA), countRows);
    const files = keyFiles(dataDir);
    const manifest: BackupManifest = {
      format: 'carecode-backup',
      version: 1,
      createdAt: new Date().toISOString(),
      database: 'pglite',
      rows,
      files,
    };
    async function* entries(): AsyncGenerator<TarEntry> {
      yield {
        name: MANIFEST,
        type: 'file',
        mode: 0o600,
        mtime: new Date(),
        data: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`),
      };
      for (const name of files) yield fileEntry(dataDir, name);
      yield* folderEntries(dataDir, PGDATA);
    }
    mkdirSync(path.dirname(file), { recursive: true });
    await pipeline(
      Readable.from(packTar(entries())),
      createGzip(),
      createWriteStream(partial, { mode: 0o600 }),
    );
    await rename(partial, file);
    return { manifest, bytes: (await stat(file)).size };
  } finally {
    await rm(partial, { force: true });
    unlock();
  }
}

/** DATA_DIR's entries that count as content (not the lock, not an interrupted restore's folder). */
const contentOf = (dataDir: string) =>
  existsSync(dataDir)
    ? readdirSync(dataDir).filter((name) => name !== LOCK_FILE && !name.startsWith('.restore-'))
    : [];

/**
 * Restores the backup in `file` into `dataDir`: unpacked beside the current content, checked
 * (the database opens and every table holds the rows the backup counted), then put in place. A
 * DATA_DIR that holds anything is refused unless `force`, which replaces its database and key
 * files. Refused while the server, or a backup or restore, uses `dataDir` (DataDirBusyError).
 */
export async function restoreDataDir(
  file: string,
  dataDir: string,
  options: { force?: boolean } = {},
): Promise<BackupManifest> {
  if (!existsSync(file)) throw new BackupError(`There is no backup at ${file}.`);
  const unlock = lockDataDir(dataDir, 'restore');
  const staging = path.join(dataDir, `.restore-${process.pid}`);
  try {
    const existing = contentOf(dataDir);
    if (existing.length && !options.force) {
      throw new BackupError(
        `DATA_DIR ${dataDir} is not empty (${existing.join(', ')}): restore into an empty directory, or add --force to replace its database and keys.`,
      );
    }
    await rm(staging, { recursive: true, force: true });
    mkdirSync(staging, { recursive: true, mode: 0o700 });
    const manifest = await unpackInto(file, staging);
    const restored = await withDatabase(path.join(staging, PGDATA), countRows);
    const differences = Object.keys({ ...manifest.rows, ...restored })
      .filter((table) => manifest.rows[table] !== restored[table])
      .map(
        (table) =>
          `${table}: ${manifest.rows[table] ?? 'none'} in the backup, ${restored[table] ?? 'none'} restored`,
      );
    if (differences.length) {
      throw new BackupError(
        `The restored database differs from the backup: ${differences.join('; ')}.`,
      );
    }
    // In place: the old database and key files go (with --force), the restored ones move in.
    for (const name of existing) {
      const target = path.join(dataDir, name);
      if (name === PGDATA || (await stat(target)).isFile())
        await rm(target, { recursive: true, force: true });
    }
    for (const name of readdirSync(staging)) {
      await rename(path.join(staging, name), path.join(dataDir, name));
    }
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
    unlock();
  }
}

async function unpackInto(file: string, staging: string): Promise<BackupManifest> {
  let manifest: BackupManifest | undefined;
  const notABackup = (reason: string) =>
    new BackupError(`${file} is not a CareCode backup (${reason}).`);
  const input = createReadStream(file);
  const source = createGunzip();
  input.once('error', (error) => source.destroy(error));
  input.pipe(source);
  const unpack = async () => {
    for await (const entry of unpackTar(source)) {
      if (!manifest) {
        if (entry.name !== MANIFEST || entry.type !== 'file')
          throw notABackup(`no ${MANIFEST} first`);
        try {
          manifest = JSON.parse(entry.data!.toString('utf8')) as BackupManifest;
        } catch {
          throw notABackup(`${MANIFEST} is not JSON`);
        }
        if (manifest.format !== 'carecode-backup' || manifest.version !== 1) {
          throw notABackup(`unknown format ${manifest.format} ${manifest.version}`);
        }
        continue;
      }
      const target = path.join(staging, entry.name);
      if (entry.type === 'directory') {
        mkdirSync(target, { recursive: true });
      } else {
        mkdirSync(path.dirname(target), { recursive: true });
        await writeFile(target, entry.data!, { mode: entry.mode & 0o777 });
        await chmod(target, entry.mode & 0o777);
      }
    }
  };
  try {
    await unpack();
  } catch (error) {
    input.destroy();
    source.destroy();
    if (error instanceof BackupError) throw error;
    throw notABackup(error instanceof Error ? error.message : String(error));
  }
  if (!manifest) throw notABackup('it is empty');
  if (!existsSync(path.join(staging, PGDATA, 'PG_VERSION'))) throw notABackup('no database in it');
  return manifest;
}
