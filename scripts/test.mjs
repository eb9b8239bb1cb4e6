// `npm test`: every test: domain rules, the lint rules, the API on PGlite, the API again on a real
// PostgreSQL server, web components, and the browser journeys against the built app.
//
// The suites are independent (each has its own databases, ports and build folder), and most of
// their time is spent waiting on I/O, so they run side by side: TEST_CONCURRENCY at a time
// (default 2), the longest first. Each suite's output is printed whole when it ends.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { hasPostgresBinaries, startPostgres } from './postgres.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const resultsDir = path.join(root, '.tmp/test-results');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });
const isCi = process.env.CI === 'true';
const only = process.argv.slice(2); // e.g. `npm test -- server e2e`
const concurrency = Math.max(1, Number(process.env.TEST_CONCURRENCY) || 2);
const wanted = (name) => !only.length || only.includes(name.split(':')[0]);

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
const started = Date.now();
const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;

/** Runs one vitest suite, its output kept until it ends; resolves when it has been reported. */
function vitest(name, args, env = {}) {
  const outputFile = path.join(resultsDir, `${name.replace(/[^a-z0-9]+/gi, '-')}.json`);
  const suiteStart = Date.now();
  console.log(`--- ${name}: started`);
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [
        path.join(root, 'node_modules/vitest/vitest.mjs'),
        'run',
        ...args,
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${outputFile}`,
      ],
      {
        cwd: root,
        env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (status) => {
      console.log(`\n=== ${name} (${seconds(suiteStart)}) ===`);
      process.stdout.write(Buffer.concat(output));
      if (existsSync(outputFile)) {
        const report = JSON.parse(readFileSync(outputFile, 'utf8'));
        totals.passed += report.numPassedTests;
        totals.failed += report.numFailedTests;
        totals.skipped += report.numPendingTests + report.numTodoTests;
      }
      if (status !== 0) failures.push(name);
      resolve();
    });
  });
}

/** Runs tasks (functions returning promises) `limit` at a time, in the order given. */
async function runAll(tasks, limit) {
  const queue = [...tasks];
  const workers = Array.from({ length: Math.min(limit, queue.length) }, async () => {
    while (queue.length) await queue.shift()();
  });
  await Promise.all(workers);
}

// The compiled domain package and server, built once before the suites that start servers: the
// compiled-server tests run them, and a server started from its TypeScript sources without the
// "source" condition (the browser journeys') loads the compiled domain package.
if (['server', 'postgres', 'e2e'].some(wanted)) {
  const build = spawnSync(
    process.execPath,
    [path.join(root, 'scripts/build.mjs'), '--if-stale', 'domain', 'server'],
    { cwd: root, stdio: 'inherit' },
  );
  if (build.status !== 0) {
    console.error('The server did not build.');
    process.exit(1);
  }
}

const suites = [];

if (wanted('e2e')) {
  if (!existsSync(process.env.CHROME_PATH ?? '/usr/bin/chromium')) {
    console.warn('=== e2e: skipped: Chromium is not installed (apt-get install -y chromium) ===');
    if (isCi) failures.push('e2e (no Chromium)');
  } else {
    suites.push(() => vitest('e2e', ['--root', 'apps/web', '--config', 'vitest.e2e.config.ts']));
  }
}
if (wanted('server')) suites.push(() => vitest('server', ['--root', 'apps/server']));
if (wanted('postgres')) {
  suites.push(async () => {
    const pg = process.env.DATABASE_URL
      ? { url: process.env.DATABASE_URL, stop() {} }
      : await startPostgres();
    if (!pg) {
      const message = hasPostgresBinaries()
        ? 'PostgreSQL is installed but could not be started'
        : 'PostgreSQL is not installed (apt-get install -y postgresql)';
      console.warn(`=== postgres: skipped: ${message} ===`);
      if (isCi) failures.push(`postgres (${message})`);
      return;
    }
    try {
      await vitest('postgres: server', ['--root', 'apps/server'], { DATABASE_URL: pg.url });
    } finally {
      pg.stop();
    }
  });
}
if (wanted('web')) suites.push(() => vitest('web', ['--root', 'apps/web']));
if (wanted('domain')) suites.push(() => vitest('domain', ['--root', 'packages/domain']));
if (wanted('lint')) suites.push(() => vitest('lint', ['--root', '.', 'eslint.config.test.ts']));

await runAll(suites, concurrency);

console.log(
  `\n${failures.length ? `Failed: ${failures.join(', ')}` : 'All suites passed.'} (${seconds(started)})`,
);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
