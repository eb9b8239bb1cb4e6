// `npm run bench`: figures, never assertions. In one run:
//  1. a bare node:http server answering 302 (the baseline) vs our scan URL on PGlite and on
//     PostgreSQL: autocannon, 50 connections, 10 s, in BENCH_ROUNDS rounds (default 3) each, as
//     the shared machine's speed drifts between runs: the median round's req/s and p99, the
//     range, the ratio to the baseline, and a check that every acknowledged scan was stored;
//  2. the scan-history API p95 for an owner with 100,000 scans;
//  3. the scan page: JavaScript and CSS bytes (gzip) it loads; its first response (compressed) and
//     LCP/FCP in Chromium at 360 px on slow 4G with a 4x slower CPU (PerformanceObserver), drawn
//     on the server against the same build drawn in the browser (the baseline); and Lighthouse's
//     mobile score/LCP;
//  4. alerts: the scan URL with the owner's dashboard open and alerts on (SMTP and Web Push to
//     local sinks) against the same app unwatched with alerts off, and scan-to-alert latency
//     (p50/p95) at 100 scans a second over 1,000 codes;
//  5. bulk creation and print sheets: a 1,000-row CSV uploaded (one transaction), then the A4
//     sheet of those 1,000 cards (medium and small), time to the last byte;
//  6. analytics for an owner with 1,000,000 scans over a year on 50 codes: a year of daily
//     points (all codes, and one code), months, the last 30 days, p50/p95 against the plain scan
//     history page on the same server (the baseline).
// Every server runs as `npm start` does, log level included (logs are read and dropped).
// BENCH_SECONDS and BENCH_CONNECTIONS override the load; BENCH_ONLY=scan,history,page,alerts,sheet,
// analytics picks parts.
import { spawn, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { startPostgres } from '../scripts/postgres.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const only = (process.env.BENCH_ONLY ?? 'scan,history,page,alerts,sheet,analytics').split(',');
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const phoneAgent =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const results = {};

function startServe(env = {}) {
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', path.join(root, 'bench/serve.ts')],
    {
      cwd: root,
      // As npm start runs it (a vite build in this process sets NODE_ENV=production).
      env: { ...process.env, NODE_ENV: 'development', PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    const received = [];
    lines.on('line', (line) => {
      // The app's own log lines share stdout; the protocol's lines carry port or storedScans.
      let message;
      try {
        message = JSON.parse(line);
      } catch {
        return;
      }
      if (!('port' in message) && !('storedScans' in message)) return;
      received.push(message);
      if (received.length > 1) return;
      const info = received[0];
      resolve({
        ...info,
        base: `http://localhost:${info.port}`,
        /** Stops the server; resolves to what it reported on its way out (stored scans). */
        stop: () =>
          new Promise((done) => {
            child.once('exit', () => done(received[1] ?? {}));
            child.kill('SIGTERM');
          }),
      });
    });
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
}

function load(url, headers = {}) {
  return autocannon({ url, connections, duration: seconds, headers, maxRedirects: 0 });
}

/** `rounds` loads one after another: the median round by req/s, the range, and the sums. */
async function loadRounds(url, headers = {}) {
  const runs = [];
  for (let round = 0; round < rounds; round += 1) runs.push(await load(url, headers));
  const sorted = [...runs].sort((a, b) => a.requests.average - b.requests.average);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  const sum = (pick) => runs.reduce((total, run) => total + pick(run), 0);
  return {
    reqPerSec: median.requests.average,
    p99: median.latency.p99,
    min: sorted[0].requests.average,
    max: sorted[sorted.length - 1].requests.average,
    all: runs.map((run) => Math.round(run.requests.average)),
    redirects: sum((run) => run['3xx']),
    errors: sum((run) => run.errors + run.non2xx - run['3xx']),
  };
}

const fmt = (n, digits = 0) => Number(n).toLocaleString('en-US', { maximumFractionDigits: digits });

async function benchScans() {
  // The baseline gets a process of its own, as our server does.
  const baselineChild = spawn(
    process.execPath,
    [
      '-e',
      `require('http').createServer((q,s)=>{s.writeHead(302,{location:'http://localhost/scans/x','cache-control':'no-store'});s.end()}).listen(0,'127.0.0.1',function(){console.log(this.address().port)})`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const baselinePort = await new Promise((resolve) =>
    createInterface({ input: baselineChild.stdout }).once('line', (line) => resolve(Number(line))),
  );
  const base = await loadRounds(`http://127.0.0.1:${baselinePort}/`);
  baselineChild.kill();
  results.baseline = base;

  const targets = [['pglite', {}]];
  const pg = await startPostgres();
  if (pg) targets.push(['postgres', { DATABASE_URL: pg.url }]);
  else console.warn('PostgreSQL not available: skipping the PostgreSQL scan run');
  try {
    for (const [name, env] of targets) {
      const server = await startServe(env);
      const run = await loadRounds(`${server.base}/api/qr-codes/${server.qrId}/scan`, {
        'user-agent': phoneAgent,
      });
      const { storedScans } = await server.stop();
      results[`scan-${name}`] = {
        ...run,
        ratio: run.reqPerSec / base.reqPerSec,
        acknowledged: run.redirects,
        stored: storedScans,
      };
    }
  } finally {
    pg?.stop();
  }
}

async function benchHistory() {
  const server = await startServe({ SEED_SCANS: '100000' });
  const headers = { authorization: `Bearer ${server.token}` };
  const paths = [
    '/api/scans/?page=1&pageSize=5',
    '/api/scans/?page=50&pageSize=5',
    '/api/scans/?page=1&pageSize=5&sort=asc',
    `/api/qr-codes/${server.qrId}/scans?page=3&pageSize=5`,
    '/api/scans/?page=1&pageSize=5&q=Android',
    `/api/scans/?page=1&pageSize=5&q=${server.qrId.slice(0, 8)}`,
  ];
  for (let i = 0; i < 20; i++) await fetch(server.base + paths[i % paths.length], { headers });
  const timings = [];
  for (let i = 0; i < 600; i++) {
    const started = performance.now();
    const res = await fetch(server.base + paths[i % paths.length], { headers });
    await res.arrayBuffer();
    timings.push(performance.now() - started);
  }
  await server.stop();
  timings.sort((a, b) => a - b);
  const at = (q) => timings[Math.min(timings.length - 1, Math.floor(q * timings.length))];
  results.history = { scans: 100_000, p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

/** The bytes of a response as sent (compressed), asking as a browser does. */
function rawSize(url, headers) {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () =>
        resolve({ bytes, status: res.statusCode, encoding: res.headers['content-encoding'] }),
      );
    }).on('error', reject);
  });
}

/** "Slow 4G" as Lighthouse's mobile preset: 150 ms round trip, 1.6 Mbps down, 750 kbps up, CPU 4× slower. */
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

/**
 * Largest and first contentful paint of one fresh load of `url` (a new scan each time), as a
 * phone at 360 px on a slow 4G network with a 4× slower CPU, read with PerformanceObserver.
 */
async function paintTimes(browser, url) {
  const context = await browser.newContext({
    viewport: { width: 360, height: 780 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    userAgent: phoneAgent,
    locale: 'en-IN',
  });
  const page = await context.newPage();
  await page.addInitScript(() => {
    window.__paints = { lcp: 0, fcp: 0 };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__paints.lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.name === 'first-contentful-paint') window.__paints.fcp = entry.startTime;
      }
    }).observe({ type: 'paint', buffered: true });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(await url(), { waitUntil: 'load' });
  await page.waitForTimeout(2500);
  const paints = await page.evaluate(() => window.__paints);
  await context.close();
  return paints;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

async function benchScanPage() {
  const outDir = mkdtempSync(path.join(tmpdir(), 'carecode-bench-web-'));
  const { build } = await import('vite');
  await build({
    root: path.join(root, 'apps/web'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
  // The baseline: the same build without the page's server renderer, so the server sends the
  // page empty with its data preloaded and the browser draws it (as before server rendering).
  const clientOnlyDir = mkdtempSync(path.join(tmpdir(), 'carecode-bench-web-client-'));
  cpSync(outDir, clientOnlyDir, {
    recursive: true,
    filter: (source) => !source.startsWith(path.join(outDir, '.server')),
  });
  const server = await startServe({ WEB_DIST: outDir });
  const clientOnly = await startServe({ WEB_DIST: clientOnlyDir });
  const newScanOf = (target) => async () => {
    const res = await fetch(`${target.base}/api/qr-codes/${target.qrId}/scan`, {
      redirect: 'manual',
      headers: { 'user-agent': phoneAgent },
    });
    return `${target.base}${new URL(res.headers.get('location')).pathname}`;
  };
  const newScan = newScanOf(server);
  try {
    // The first response of each, as a phone's browser asks for it.
    const accept = { 'accept-encoding': 'gzip', 'accept-language': 'en-IN,en;q=0.9' };
    const firstResponse = {
      ssr: await rawSize(await newScan(), accept),
      ssrHindi: await rawSize(await newScan(), { ...accept, 'accept-language': 'hi-IN' }),
      ssrBrotli: await rawSize(await newScan(), { ...accept, 'accept-encoding': 'gzip, br' }),
      clientOnly: await rawSize(await newScanOf(clientOnly)(), accept),
    };

    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    const page = await browser.newPage();
    const assets = [];
    page.on('response', async (response) => {
      const type = response.request().resourceType();
      if (type === 'script' || type === 'stylesheet') {
        const body = await response.body().catch(() => Buffer.alloc(0));
        assets.push({ type, url: response.url(), gzip: gzipSync(body).length });
      }
    });
    await page.goto(await newScan(), { waitUntil: 'networkidle' });
    await page.close();
    const sum = (type) => assets.filter((a) => a.type === type).reduce((n, a) => n + a.gzip, 0);
    results.scanPage = {
      jsGzipBytes: sum('script'),
      cssGzipBytes: sum('stylesheet'),
      files: assets.length,
    };

    // Paint times, the two pages taking turns so the machine's drift falls on both.
    const runs = Number(process.env.BENCH_PAINT_RUNS ?? 5);
    const ssrPaints = [];
    const clientPaints = [];
    for (let run = 0; run < runs; run += 1) {
      ssrPaints.push(await paintTimes(browser, newScan));
      clientPaints.push(await paintTimes(browser, newScanOf(clientOnly)));
    }
    await browser.close();
    const summary = (paints) => ({
      lcpMs: median(paints.map((p) => p.lcp)),
      fcpMs: median(paints.map((p) => p.fcp)),
      lcpAll: paints.map((p) => Math.round(p.lcp)),
    });
    results.scanPagePaint = {
      runs,
      firstResponse,
      serverRendered: summary(ssrPaints),
      clientRendered: summary(clientPaints),
    };

    const lighthouseDir = path.join(root, '.tmp/lighthouse');
    const cli = path.join(lighthouseDir, 'node_modules/lighthouse/cli/index.js');
    if (!existsSync(cli)) {
      mkdirSync(lighthouseDir, { recursive: true });
      writeFileSync(path.join(lighthouseDir, 'package.json'), '{"private":true}');
      spawnSync('npm', ['install', '--no-audit', '--no-fund', 'lighthouse@12'], {
        cwd: lighthouseDir,
        stdio: 'inherit',
      });
    }
    if (existsSync(cli)) {
      const report = path.join(lighthouseDir, 'report.json');
      spawnSync(
        process.execPath,
        [
          cli,
          await newScan(),
          '--only-categories=performance',
          '--output=json',
          `--output-path=${report}`,
          '--quiet',
          '--chrome-flags=--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync',
        ],
        {
          stdio: 'inherit',
          env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
        },
      );
      if (existsSync(report)) {
        const lhr = JSON.parse(readFileSync(report, 'utf8'));
        results.lighthouse = {
          performance: lhr.categories.performance.score,
          lcpMs: lhr.audits['largest-contentful-paint'].numericValue,
          fcpMs: lhr.audits['first-contentful-paint'].numericValue,
          tbtMs: lhr.audits['total-blocking-time'].numericValue,
        };
      }
    }
  } finally {
    await server.stop();
    await clientOnly.stop();
    rmSync(outDir, { recursive: true, force: true });
    rmSync(clientOnlyDir, { recursive: true, force: true });
  }
}

/** The alert sinks (SMTP, Web Push) in a process of their own; see bench/alert-sinks.ts. */
function startAlertSinks() {
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', path.join(root, 'bench/alert-sinks.ts')],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const alerts = [];
  return new Promise((resolve, reject) => {
    let info;
    createInterface({ input: child.stdout }).on('line', (line) => {
      const message = JSON.parse(line);
      if (!info) {
        info = message;
        resolve({ ...info, alerts, stop: () => child.kill('SIGTERM') });
      } else alerts.push(message);
    });
    child.once('exit', (code) => info || reject(new Error(`alert sinks exited with ${code}`)));
  });
}

/**
 * The owner's dashboard: an open event stream, read and counted in a process of its own (as a
 * browser elsewhere would be), so its reading does not slow the load generator.
 */
function watch(base, token) {
  const child = spawn(
    process.execPath,
    [
      '-e',
      `let n = 0;
       process.on('SIGTERM', () => { console.log(n); process.exit(0); });
       fetch(process.argv[1], { headers: { authorization: 'Bearer ' + process.argv[2] } })
         .then(async (res) => {
           const decoder = new TextDecoder();
           for await (const chunk of res.body) n += (decoder.decode(chunk).match(/^event: scan$/gm) || []).length;
         });`,
      `${base}/api/scans/events`,
      token,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const counted = new Promise((resolve) =>
    createInterface({ input: child.stdout }).once('line', (line) => resolve(Number(line))),
  );
  return {
    stop: async () => {
      child.kill('SIGTERM');
      return counted;
    },
  };
}

async function benchAlerts() {
  const sinks = await startAlertSinks();
  const alertsOn = {
    SMTP_URL: sinks.smtpUrl,
    VAPID_PUBLIC_KEY: sinks.vapidPublicKey,
    VAPID_PRIVATE_KEY: sinks.vapidPrivateKey,
    BENCH_PUSH_SUBSCRIPTION: JSON.stringify(sinks.subscription),
    NODE_EXTRA_CA_CERTS: sinks.certFile,
  };
  try {
    // Both apps run side by side and their rounds alternate (quiet, watched, quiet, ...), so the
    // shared machine's drift falls on both alike.
    const quiet = await startServe();
    const server = await startServe(alertsOn);
    const dashboard = watch(server.base, server.token);
    const runs = { unwatched: [], watched: [] };
    for (let round = 0; round < rounds; round += 1) {
      runs.unwatched.push(
        await load(`${quiet.base}/api/qr-codes/${quiet.qrId}/scan`, { 'user-agent': phoneAgent }),
      );
      runs.watched.push(
        await load(`${server.base}/api/qr-codes/${server.qrId}/scan`, {
          'user-agent': phoneAgent,
        }),
      );
    }
    await quiet.stop();
    const streamedScans = await dashboard.stop();
    const { storedScans } = await server.stop();
    const summary = (list) => {
      const sorted = [...list].sort((a, b) => a.requests.average - b.requests.average);
      const median = sorted[Math.floor((sorted.length - 1) / 2)];
      return {
        reqPerSec: median.requests.average,
        p99: median.latency.p99,
        all: list.map((run) => Math.round(run.requests.average)),
      };
    };
    const unwatched = summary(runs.unwatched);
    const watched = summary(runs.watched);
    results.alertsWatched = {
      unwatched,
      watched,
      ratio: watched.reqPerSec / unwatched.reqPerSec,
      // Round by round, each watched round against the quiet round just before it.
      roundRatios: runs.watched.map(
        (run, i) => run.requests.average / runs.unwatched[i].requests.average,
      ),
      streamedScans,
      storedScans,
      alerts: sinks.alerts.length,
    };

    // Scan-to-alert latency: 100 scans a second for 10 s, each of a different code.
    sinks.alerts.length = 0;
    const latencyServer = await startServe({ ...alertsOn, SEED_QRS: '1000' });
    const sentAt = new Map();
    const scans = [];
    const started = Date.now();
    for (let i = 0; i < 1000; i += 1) {
      const wait = started + i * 10 - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const qrId = latencyServer.qrIds[i];
      sentAt.set(qrId, Date.now());
      scans.push(
        fetch(`${latencyServer.base}/api/qr-codes/${qrId}/scan`, {
          redirect: 'manual',
          headers: { 'user-agent': phoneAgent },
        }).then((res) => res.arrayBuffer()),
      );
    }
    await Promise.all(scans);
    const deadline = Date.now() + 30_000;
    while (sinks.alerts.length < 2000 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await latencyServer.stop();
    const latencies = (channel) => {
      const values = sinks.alerts
        .filter((a) => a.alert === channel && sentAt.has(a.qrId))
        .map((a) => a.at - sentAt.get(a.qrId))
        .sort((a, b) => a - b);
      const at = (q) => values[Math.min(values.length - 1, Math.floor(q * values.length))];
      return { count: values.length, p50: at(0.5), p95: at(0.95), max: values.at(-1) };
    };
    results.alertLatency = { scans: 1000, push: latencies('push'), email: latencies('email') };
  } finally {
    sinks.stop();
  }
}

async function benchSheet() {
  const server = await startServe();
  const headers = { authorization: `Bearer ${server.token}` };
  const rows = 1000;
  const header =
    'fullName,schoolName,schoolContact.name,schoolContact.phoneNumber,emergencyContact.name,' +
    'emergencyContact.phoneNumber,medicalDetails.bloodGroup,medicalDetails.medicalHistory,' +
    'medicalDetails.allergies,medicalDetails.currentMedications';
  const csv = [header]
    .concat(
      Array.from(
        { length: rows },
        (_, i) => `Child ${i + 1},Sunrise School,Priya,9876543210,Rahul,9876543211,B+,,,`,
      ),
    )
    .join('\r\n');
  let started = performance.now();
  const bulk = await fetch(`${server.base}/api/qr-codes/bulk?type=CHILD`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'text/csv' },
    body: `\uFEFF${csv}`,
  });
  const bulkMs = performance.now() - started;
  const ids = bulk.ok ? (await bulk.json()).qrCodes.map((qr) => qr.id) : [];
  const sheets = [];
  for (const size of ['medium', 'small']) {
    started = performance.now();
    const res = await fetch(`${server.base}/api/qr-codes/sheet.pdf`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ ids, size }),
    });
    const pdf = Buffer.from(await res.arrayBuffer());
    const ms = performance.now() - started;
    const pages = (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
    sheets.push({ size, cards: ids.length, ms, pages, bytes: pdf.length, status: res.status });
  }
  await server.stop();
  results.sheet = { rows, bulkMs, bulkStatus: bulk.status, sheets };
}

/** The India day `days` before today ('YYYY-MM-DD'). */
const indiaDay = (days = 0) =>
  new Date(Date.now() + 330 * 60_000 - days * 86_400_000).toISOString().slice(0, 10);

async function benchAnalytics() {
  const scans = Number(process.env.BENCH_ANALYTICS_SCANS ?? 1_000_000);
  const seedStarted = performance.now();
  const server = await startServe({ SEED_QRS: '49', SEED_YEAR_SCANS: String(scans) });
  const seedMs = performance.now() - seedStarted;
  const headers = { authorization: `Bearer ${server.token}` };
  const year = `from=${indiaDay(364)}&to=${indiaDay()}`;
  const cases = {
    baseline: ['/api/scans/?page=1&pageSize=5'],
    yearDaily: [`/api/analytics?${year}&granularity=day`],
    yearDailyOneCode: [`/api/analytics?${year}&granularity=day&qrId=${server.qrId}`],
    yearMonthly: [`/api/analytics?${year}&granularity=month`],
    last30Days: [`/api/analytics?from=${indiaDay(29)}&to=${indiaDay()}&granularity=day`],
  };
  const check = await fetch(server.base + cases.yearDaily[0], { headers });
  const body = await check.json();
  const timings = Object.fromEntries(Object.keys(cases).map((name) => [name, []]));
  for (let i = 0; i < 10; i++) {
    for (const [, [url]] of Object.entries(cases))
      await (await fetch(server.base + url, { headers })).arrayBuffer();
  }
  // Interleaved, so the machine's drift falls on every case alike.
  for (let i = 0; i < 200; i++) {
    for (const [name, [url]] of Object.entries(cases)) {
      const started = performance.now();
      const res = await fetch(server.base + url, { headers });
      await res.arrayBuffer();
      timings[name].push(performance.now() - started);
    }
  }
  await server.stop();
  const stats = (list) => {
    const sorted = [...list].sort((a, b) => a - b);
    const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
    return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
  };
  results.analytics = {
    scans,
    seedMs,
    status: check.status,
    countedScans: body?.totals?.scans,
    points: body?.series?.length,
    cases: Object.fromEntries(Object.entries(timings).map(([name, list]) => [name, stats(list)])),
  };
}

if (only.includes('scan')) await benchScans();
if (only.includes('history')) await benchHistory();
if (only.includes('page')) await benchScanPage();
if (only.includes('alerts')) await benchAlerts();
if (only.includes('sheet')) await benchSheet();
if (only.includes('analytics')) await benchAnalytics();

console.log('\nCareCode benchmarks');
if (results.baseline) {
  console.log(
    `baseline node:http 302      ${fmt(results.baseline.reqPerSec)} req/s   p99 ${results.baseline.p99} ms   ` +
      `(median of ${rounds}: ${results.baseline.all.map((n) => fmt(n)).join(', ')})`,
  );
  for (const name of ['pglite', 'postgres']) {
    const r = results[`scan-${name}`];
    if (!r) continue;
    console.log(
      `scan URL on ${name.padEnd(9)}      ${fmt(r.reqPerSec)} req/s   p99 ${r.p99} ms   ${fmt(r.ratio * 100, 1)}% of baseline   ` +
        `(median of ${rounds}: ${r.all.map((n) => fmt(n)).join(', ')})   ` +
        `acknowledged ${fmt(r.acknowledged)}, stored ${fmt(r.stored)}, errors ${r.errors}`,
    );
  }
}
if (results.history) {
  const h = results.history;
  console.log(
    `scan history (${fmt(h.scans)} scans)  p50 ${fmt(h.p50, 1)} ms   p95 ${fmt(h.p95, 1)} ms   p99 ${fmt(h.p99, 1)} ms`,
  );
}
if (results.scanPage) {
  const p = results.scanPage;
  console.log(
    `scan page weight           JS ${fmt(p.jsGzipBytes / 1024, 1)} KB gzip   CSS ${p.cssGzipBytes ? `${fmt(p.cssGzipBytes / 1024, 1)} KB gzip` : 'inline in the HTML'}   (${p.files} files)`,
  );
}
if (results.scanPagePaint) {
  const p = results.scanPagePaint;
  const kb = (r) =>
    `${fmt(r.bytes / 1024, 1)} KB ${r.encoding ?? 'uncompressed'} (HTTP ${r.status})`;
  console.log(
    `scan page first response    server-rendered ${kb(p.firstResponse.ssr)}, Hindi ${kb(p.firstResponse.ssrHindi)}, brotli ${kb(p.firstResponse.ssrBrotli)}; ` +
      `client-rendered (baseline) ${kb(p.firstResponse.clientOnly)}   target <= 14 KB`,
  );
  console.log(
    `scan page LCP, slow 4G, 4x CPU, 360 px (median of ${p.runs})   server-rendered ${fmt(p.serverRendered.lcpMs)} ms (FCP ${fmt(p.serverRendered.fcpMs)} ms; ${p.serverRendered.lcpAll.join(', ')})   ` +
      `client-rendered ${fmt(p.clientRendered.lcpMs)} ms (FCP ${fmt(p.clientRendered.fcpMs)} ms; ${p.clientRendered.lcpAll.join(', ')})   target <= 1,000 ms`,
  );
}
if (results.lighthouse) {
  const l = results.lighthouse;
  console.log(
    `Lighthouse mobile          performance ${l.performance}   LCP ${fmt(l.lcpMs)} ms   FCP ${fmt(l.fcpMs)} ms   TBT ${fmt(l.tbtMs)} ms`,
  );
}
if (results.alertsWatched) {
  const w = results.alertsWatched;
  console.log(
    `scan URL, nobody watching, alerts off   ${fmt(w.unwatched.reqPerSec)} req/s   p99 ${w.unwatched.p99} ms   (${w.unwatched.all.map((n) => fmt(n)).join(', ')})\n` +
      `scan URL, dashboard open, alerts on     ${fmt(w.watched.reqPerSec)} req/s   p99 ${w.watched.p99} ms   (${w.watched.all.map((n) => fmt(n)).join(', ')})   ` +
      `${fmt(w.ratio, 3)} of unwatched (rounds ${w.roundRatios.map((r) => fmt(r, 2)).join(', ')})   ` +
      `(streamed ${fmt(w.streamedScans)} events for ${fmt(w.storedScans)} scans; ${w.alerts} alerts, coalesced)`,
  );
}
if (results.alertLatency) {
  const { push, email } = results.alertLatency;
  console.log(
    `scan-to-alert at 100 scans/s (1,000 codes)   push p50 ${fmt(push.p50)} ms  p95 ${fmt(push.p95)} ms  max ${fmt(push.max)} ms  (${push.count} alerts)   ` +
      `e-mail p50 ${fmt(email.p50)} ms  p95 ${fmt(email.p95)} ms  (${email.count})`,
  );
}
if (results.sheet) {
  const b = results.sheet;
  console.log(
    `bulk create ${fmt(b.rows)} rows (CSV)    ${fmt(b.bulkMs)} ms   status ${b.bulkStatus}`,
  );
  for (const sheet of b.sheets) {
    console.log(
      `sheet.pdf ${fmt(sheet.cards)} cards (${sheet.size.padEnd(6)})  ${fmt(sheet.ms)} ms   ${sheet.pages} pages   ${fmt(sheet.bytes / 1024 / 1024, 1)} MB   status ${sheet.status}`,
    );
  }
}
if (results.analytics) {
  const a = results.analytics;
  console.log(
    `analytics, ${fmt(a.scans)} scans over a year (seeded in ${fmt(a.seedMs / 1000, 1)} s; status ${a.status}, ${fmt(a.countedScans)} scans counted in ${a.points} daily points)`,
  );
  for (const [name, c] of Object.entries(a.cases)) {
    console.log(
      `  ${name.padEnd(18)} p50 ${fmt(c.p50, 1)} ms   p95 ${fmt(c.p95, 1)} ms   p99 ${fmt(c.p99, 1)} ms`,
    );
  }
}
mkdirSync(path.join(root, 'bench/results'), { recursive: true });
writeFileSync(path.join(root, 'bench/results/latest.json'), JSON.stringify(results, null, 2));
