// `npm test`: every test, in order: domain rules, the API on PGlite, the API again on a real
// PostgreSQL server, web components, then the browser journeys against the built app.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { hasPostgresBinaries, startPostgres } from './postgres.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const resultsDir = path.join(root, '.tmp/test-results');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });
const isCi = process.env.CI === 'true';
const only = process.argv.slice(2); // e.g. `npm test -- server e2e`

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

function vitest(name, args, env = {}) {
  if (only.length && !only.includes(name.split(':')[0])) return;
  console.log(`\n=== ${name} ===`);
  const outputFile = path.join(resultsDir, `${name.replace(/[^a-z0-9]+/gi, '-')}.json`);
  const result = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/vitest/vitest.mjs'),
      'run',
      ...args,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${outputFile}`,
    ],
    { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } },
  );
  if (existsSync(outputFile)) {
    const report = JSON.parse(readFileSync(outputFile, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
  }
  if (result.status !== 0) failures.push(name);
}

vitest('domain', ['--root', 'packages/domain']);
vitest('lint', ['--root', '.', 'eslint.config.test.ts']);
vitest('server', ['--root', 'apps/server']);

if (!only.length || only.includes('postgres')) {
  const pg = process.env.DATABASE_URL
    ? { url: process.env.DATABASE_URL, stop() {} }
    : await startPostgres();
  if (pg) {
    try {
      vitest('postgres: server', ['--root', 'apps/server'], { DATABASE_URL: pg.url });
    } finally {
      pg.stop();
    }
  } else {
    const message = hasPostgresBinaries()
      ? 'PostgreSQL is installed but could not be started'
      : 'PostgreSQL is not installed (apt-get install -y postgresql)';
    console.warn(`\n=== postgres: skipped: ${message} ===`);
    if (isCi) failures.push(`postgres (${message})`);
  }
}

vitest('web', ['--root', 'apps/web']);

if (!only.length || only.includes('e2e')) {
  if (!existsSync(process.env.CHROME_PATH ?? '/usr/bin/chromium')) {
    console.warn('\n=== e2e: skipped: Chromium is not installed (apt-get install -y chromium) ===');
    if (isCi) failures.push('e2e (no Chromium)');
  } else {
    vitest('e2e', ['--root', 'apps/web', '--config', 'vitest.e2e.config.ts']);
  }
}

console.log(`\n${failures.length ? `Failed: ${failures.join(', ')}` : 'All suites passed.'}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
