// `npm run db:backup -- FILE` and `npm run db:restore -- FILE [--force]`: a backup of the embedded
// database (PGlite) and the keys beside it in DATA_DIR, taken and restored with the server
// stopped (see src/db/backup.ts). PostgreSQL is backed up with pg_dump (README, Backups).
import path from 'node:path';
import { ConfigError, loadConfig } from './config/env.ts';
import { BackupError, backupDataDir, restoreDataDir } from './db/backup.ts';
import { DataDirBusyError } from './lib/data-dir-lock.ts';

const usage = 'Usage: npm run db:backup -- FILE | npm run db:restore -- FILE [--force]';

const rowsOf = (rows: Record<string, number>) => {
  const total = Object.values(rows).reduce((sum, n) => sum + n, 0);
  return `${Object.keys(rows).length} tables, ${total.toLocaleString('en')} rows`;
};

const sizeOf = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;

async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  const force = rest.includes('--force');
  const files = rest.filter((arg) => !arg.startsWith('--'));
  const unknown = rest.filter((arg) => arg.startsWith('--') && arg !== '--force');
  if (!['backup', 'restore'].includes(command) || files.length !== 1 || unknown.length) {
    console.error(usage);
    return 2;
  }
  if (force && command === 'backup') {
    console.error(`--force is for a restore. ${usage}`);
    return 2;
  }
  const config = loadConfig(process.env);
  if (config.databaseUrl) {
    console.error(
      `DATABASE_URL is set: this command ${command === 'backup' ? 'backs up' : 'restores'} the embedded database (PGlite). On PostgreSQL use pg_dump and pg_restore (README, Backups): the keys are in the database, so the dump holds them.`,
    );
    return 1;
  }
  // The file as the operator wrote it, from where they ran npm; DATA_DIR as the server reads it.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), files[0]);
  const dataDir = path.resolve(config.dataDir);
  if (command === 'backup') {
    const { manifest, bytes } = await backupDataDir(dataDir, file);
    console.log(
      `Backed up DATA_DIR ${dataDir} to ${file} (${sizeOf(bytes)}): the database (${rowsOf(manifest.rows)}) and ${manifest.files.join(', ') || 'no key files'}.`,
    );
  } else {
    const manifest = await restoreDataDir(file, dataDir, { force });
    console.log(
      `Restored ${file} (taken ${manifest.createdAt}) into DATA_DIR ${dataDir}: the database (${rowsOf(manifest.rows)}, every table as in the backup) and ${manifest.files.join(', ') || 'no key files'}.`,
    );
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    if (error instanceof DataDirBusyError) {
      console.error(
        `${error.message} Stop it first: backups and restores run with the server stopped.`,
      );
    } else if (error instanceof BackupError || error instanceof ConfigError) {
      console.error(error.message);
    } else {
      console.error(error);
    }
    process.exit(1);
  },
);
