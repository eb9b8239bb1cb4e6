// Starts a throwaway PostgreSQL server from the Debian packages (trust auth, loopback, free port)
// for the test suite, unless DATABASE_URL already names one. Used by scripts/test.mjs and bench.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

function findBin(name) {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const bin = path.join(base, v, 'bin', name);
    if (existsSync(bin)) return bin;
  }
  return undefined;
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Resolves to { url, stop } or undefined when no PostgreSQL server can be started here. */
export async function startPostgres() {
  const initdb = findBin('initdb');
  const pgCtl = findBin('pg_ctl');
  if (!initdb || !pgCtl) return undefined;
  const isRoot = process.getuid?.() === 0;
  const run = (bin, args) => {
    const cmd = isRoot ? 'runuser' : bin;
    const argv = isRoot ? ['-u', 'postgres', '--', bin, ...args] : args;
    const result = spawnSync(cmd, argv, { encoding: 'utf8' });
    if (result.status !== 0)
      throw new Error(`${path.basename(bin)} failed: ${result.stderr || result.stdout}`);
  };
  const dir = mkdtempSync(path.join(tmpdir(), 'carecode-pg-'));
  chmodSync(dir, 0o777);
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  try {
    run(initdb, ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
    run(pgCtl, [
      '-D',
      dataDir,
      '-l',
      path.join(dir, 'log'),
      '-w',
      '-t',
      '60',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=300`,
      'start',
    ]);
  } catch (error) {
    console.warn(`PostgreSQL could not be started: ${error.message}`);
    rmSync(dir, { recursive: true, force: true });
    return undefined;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run(pgCtl, ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
      } catch {
        // already gone
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function hasPostgresBinaries() {
  return Boolean(findBin('initdb'));
}

// Allow `node scripts/postgres.mjs` to check the setup by hand.
if (import.meta.url === `file://${process.argv[1]}`) {
  const pg = await startPostgres();
  console.log(pg ? `started ${pg.url}` : 'no PostgreSQL');
  if (pg) {
    execFileSync('psql', [pg.url, '-c', 'select version()'], { stdio: 'inherit' });
    pg.stop();
  }
}
