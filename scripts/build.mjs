// `npm run build`: compiles the domain package and the server to JavaScript (tsc) and builds the
// web app. `--if-stale` (what `npm start` and the operator commands use) builds only what is
// missing or older than its sources: a second `npm start` checks a few hundred file dates and goes.
//
//   node scripts/build.mjs [--if-stale] [domain] [server] [web]   (no names: all three)
//
// Outputs: packages/domain/dist, apps/server/dist, and whatever `npm run build -w @carecode/web`
// makes (apps/web/dist). What each build was made from is kept under node_modules/.cache (so
// `npm ci` starts afresh), and builds take a lock there: two starts, or two test suites, never
// write the same folder at once; the second waits, then finds the output fresh.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cacheDir = path.join(root, 'node_modules/.cache/carecode-build');
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');

const isTest = (file) =>
  /\.test(-kit|-support)?\.tsx?$/.test(file) || /\.test\.[cm]?js$/.test(file);

/** Every file under `dir` (relative to the root) that `keep` accepts. */
function filesUnder(dir, keep = () => true) {
  const absolute = path.join(root, dir);
  if (!existsSync(absolute)) return [];
  const found = [];
  const walk = (current) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const file = path.join(current, entry.name);
      const relative = path.relative(root, file);
      if (entry.isDirectory()) {
        if (keep(relative + '/')) walk(file);
      } else if (keep(relative)) {
        found.push(relative);
      }
    }
  };
  walk(absolute);
  return found;
}

const domainSources = () =>
  filesUnder(
    'packages/domain/src',
    (f) => !isTest(f) && !f.startsWith('packages/domain/src/testing/'),
  );

const targets = {
  domain: {
    inputs: () => [
      ...domainSources(),
      'packages/domain/package.json',
      'packages/domain/tsconfig.json',
      'packages/domain/tsconfig.build.json',
      'tsconfig.base.json',
    ],
    output: 'packages/domain/dist/plans/plans.js',
    build() {
      rmSync(path.join(root, 'packages/domain/dist'), { recursive: true, force: true });
      run('domain', process.execPath, [tsc, '-p', 'packages/domain/tsconfig.build.json']);
    },
  },
  server: {
    inputs: () => [
      ...filesUnder('apps/server/src', (f) => !isTest(f)),
      'apps/server/package.json',
      'apps/server/tsconfig.json',
      'apps/server/tsconfig.build.json',
      'tsconfig.base.json',
      // The database cluster template is made by the installed PGlite.
      'package-lock.json',
    ],
    output: 'apps/server/dist/server.js',
    build() {
      const dist = path.join(root, 'apps/server/dist');
      rmSync(dist, { recursive: true, force: true });
      run('server', process.execPath, [tsc, '-p', 'apps/server/tsconfig.build.json']);
      // An empty database with every migration applied, copied by a first start on the embedded
      // database instead of creating one (src/db/client.ts, pgdataTemplate).
      const making = path.join(dist, '.pgdata-template');
      run(
        'server',
        process.execPath,
        [
          '--input-type=module',
          '-e',
          "const { openDatabase } = await import('./dist/db/client.js'); const database = await openDatabase({ dataDir: process.argv[1] }); await database.close();",
          making,
        ],
        path.join(root, 'apps/server'),
      );
      renameSync(path.join(making, 'pgdata'), path.join(dist, 'pgdata-template'));
      rmSync(making, { recursive: true, force: true });
      // Files the server loads beside its code (the QR image worker is plain JavaScript).
      for (const file of filesUnder(
        'apps/server/src',
        (f) => f.endsWith('/') || !/\.tsx?$/.test(f),
      )) {
        const target = path.join(dist, path.relative('apps/server/src', file));
        mkdirSync(path.dirname(target), { recursive: true });
        cpSync(path.join(root, file), target);
      }
    },
  },
  web: {
    inputs: () => [
      ...filesUnder(
        'apps/web',
        (f) =>
          !isTest(f) &&
          !/^apps\/web\/(node_modules|dist[^/]*|e2e|src\/test|\.vite)\//.test(f) &&
          !f.startsWith('apps/web/dist'),
      ),
      ...domainSources(),
      'packages/domain/package.json',
      'tsconfig.base.json',
      'package-lock.json',
    ],
    output: 'apps/web/dist/index.html',
    build() {
      // Whatever the web app's own build script does (npm runs it in apps/web).
      const npm = process.env.npm_execpath;
      if (npm && /\.[cm]?js$/.test(npm)) {
        run('web', process.execPath, [npm, 'run', 'build', '-w', '@carecode/web']);
      } else {
        run('web', 'npm', ['run', 'build', '-w', '@carecode/web']);
      }
    },
  },
};

function run(name, command, args, cwd = root) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) {
    throw new Error(`build of ${name} failed (${command} ${args.join(' ')})`);
  }
}

/** What a build is made from: every input's path, size and date (and this script's), hashed. */
function fingerprint(target) {
  const hash = createHash('sha256');
  for (const file of [...new Set([...target.inputs(), 'scripts/build.mjs'])].sort()) {
    const absolute = path.join(root, file);
    if (!existsSync(absolute)) {
      hash.update(`${file} missing\n`);
      continue;
    }
    const stat = statSync(absolute);
    hash.update(`${file} ${stat.size} ${stat.mtimeMs}\n`);
  }
  return hash.digest('hex');
}

const stampFile = (name) => path.join(cacheDir, `${name}.json`);

function isFresh(name, print) {
  const target = targets[name];
  if (!existsSync(path.join(root, target.output))) return false;
  try {
    return JSON.parse(readFileSync(stampFile(name), 'utf8')).fingerprint === print;
  } catch {
    return false;
  }
}

const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** One build at a time on this checkout; a lock left by a build that died is taken over. */
function withLock(work) {
  const lock = path.join(cacheDir, 'lock');
  mkdirSync(cacheDir, { recursive: true });
  let waited = false;
  for (;;) {
    try {
      writeFileSync(lock, String(process.pid), { flag: 'wx' });
      break;
    } catch {
      const holder = Number(readFileSync(lock, 'utf8').trim() || 0);
      if (holder && !isAlive(holder)) {
        rmSync(lock, { force: true });
        continue;
      }
      if (!waited) console.log(`build: waiting for another build (pid ${holder})`);
      waited = true;
      sleep(250);
    }
  }
  try {
    return work();
  } finally {
    rmSync(lock, { force: true });
  }
}

const args = process.argv.slice(2);
const ifStale = args.includes('--if-stale');
const named = args.filter((arg) => !arg.startsWith('--'));
for (const name of named) {
  if (!targets[name]) {
    console.error(`build: unknown target ${name} (domain, server, web)`);
    process.exit(2);
  }
}
const wanted = named.length
  ? Object.keys(targets).filter((n) => named.includes(n))
  : Object.keys(targets);

try {
  withLock(() => {
    const upToDate = [];
    for (const name of wanted) {
      const print = fingerprint(targets[name]);
      if (ifStale && isFresh(name, print)) {
        upToDate.push(name);
        continue;
      }
      const started = Date.now();
      console.log(`build: ${name}…`);
      rmSync(stampFile(name), { force: true });
      targets[name].build();
      writeFileSync(stampFile(name), JSON.stringify({ fingerprint: print, builtAt: new Date() }));
      console.log(`build: ${name} done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    if (upToDate.length) console.log(`build: ${upToDate.join(', ')} up to date`);
  });
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
