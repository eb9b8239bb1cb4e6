// Starts the real app for a benchmark: a seeded owner on the Business plan with one public QR
// (and, with SEED_SCANS, that many past scans; with SEED_QRS, that many more codes), then prints
// one JSON line: {"port", "qrId", "token", "qrIds"}. With BENCH_PUSH_SUBSCRIPTION (a browser's
// subscription JSON) the owner's address is confirmed and that device enabled: alerts on.
// Logs go to stdout at the configured level (default info), as `npm start` writes them.
// Driven by bench/run.mjs; not part of the product.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config/env.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { pushSubscriptions, qrCodes, users } from '../apps/server/src/db/schema/index.ts';
import { newId } from '../apps/server/src/lib/ids.ts';
import { loggerOptions } from '../apps/server/src/lib/logger.ts';
import { loadIdentityKeys } from '../apps/server/src/modules/identity/keys.ts';
import { signAccessToken } from '../apps/server/test/access-token.ts';

// The port first: the public and API addresses (in redirects and preload links) include it.
const port = await new Promise<number>((resolve, reject) => {
  const probe = createServer();
  probe.once('error', reject);
  probe.listen(0, '127.0.0.1', () => {
    const address = probe.address();
    probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
  });
});
// A data directory of its own unless given one; removed again on the way out.
const ownDataDir = !process.env.DATA_DIR;
const dataDir = process.env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'carecode-bench-'));
const config = loadConfig({
  ...process.env,
  PORT: String(port),
  DATA_DIR: dataDir,
  RATE_LIMITS: 'off',
});
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const keys = await loadIdentityKeys({});
const app = await buildApp({
  config,
  database,
  identityKeys: keys,
  webDist: process.env.WEB_DIST,
  logger: loggerOptions(config.logLevel),
});

const subject = `bench-${newId(6)}`;
const userId = newId();
const qrId = newId();
const subscription = process.env.BENCH_PUSH_SUBSCRIPTION
  ? (JSON.parse(process.env.BENCH_PUSH_SUBSCRIPTION) as {
      endpoint: string;
      keys: { p256dh: string; auth: string };
    })
  : undefined;
await database.db.insert(users).values({
  id: userId,
  subject,
  email: `${subject}@example.com`,
  emailVerified: Boolean(subscription),
  plan: 'BUSINESS',
});
if (subscription) {
  await database.db.insert(pushSubscriptions).values({
    id: newId(),
    userId,
    endpoint: subscription.endpoint,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
  });
}
const qrIds = Array.from({ length: Number(process.env.SEED_QRS ?? 0) }, () => newId());
if (qrIds.length) {
  await database.db.insert(qrCodes).values(
    qrIds.map((id, i) => ({
      id,
      ownerId: userId,
      type: 'LUGGAGE' as const,
      details: {
        description: `Bag ${i + 1}`,
        ownerContact: { name: 'Asha', phoneNumber: '9876543210' },
        emergencyContact: { name: 'Ravi', phoneNumber: '9876543211' },
      },
    })),
  );
}
await database.db.insert(qrCodes).values({
  id: qrId,
  ownerId: userId,
  type: 'PERSON',
  details: {
    fullName: 'Asha Rao',
    emergencyContact: { name: 'Ravi Rao', phoneNumber: '9876543210' },
  },
});
const seedScans = Number(process.env.SEED_SCANS ?? 0);
for (let done = 0; done < seedScans; done += 20_000) {
  const count = Math.min(20_000, seedScans - done);
  await database.db.execute(sql`
    insert into scans (id, qr_id, owner_id, scanned_at, device_info, expires_at)
    select md5(random()::text || g::text), ${qrId}, ${userId}, now() - g * interval '17 seconds',
           jsonb_build_object('browser', case when g % 3 = 0 then 'Chrome' else 'Safari' end,
                              'os', case when g % 2 = 0 then 'Android' else 'iOS' end,
                              'deviceType', 'mobile'),
           now() - g * interval '17 seconds' + interval '3 minutes'
    from generate_series(${done + 1}::int, ${done + count}::int) as g`);
}
// SEED_YEAR_SCANS: that many scans spread evenly over the last 365 days across the owner's codes
// (SEED_QRS of them, and the PERSON code), of mixed devices and systems, one in seven with a
// shared location; a call for every 100th scan and a conversation of two messages for every
// 200th (for analytics).
const yearScans = Number(process.env.SEED_YEAR_SCANS ?? 0);
if (yearScans) {
  const codes = [...qrIds, qrId].join(',');
  const count = qrIds.length + 1;
  const step = (365 * 86_400) / yearScans;
  for (let done = 0; done < yearScans; done += 100_000) {
    const last = Math.min(yearScans, done + 100_000);
    await database.db.execute(sql`
      insert into scans (id, qr_id, owner_id, scanned_at, device_info, latitude, longitude,
                         gps_enabled, expires_at)
      select 'y' || g, (string_to_array(${codes}, ','))[1 + g % ${count}::int], ${userId},
             now() - g * ${step}::float8 * interval '1 second',
             jsonb_build_object(
               'browser', (array['Chrome', 'Safari', 'Firefox'])[1 + g % 3],
               'os', (array['Android', 'iOS', 'Android', 'Windows', 'Mac OS'])[1 + g % 5],
               'deviceType', (array['mobile', 'mobile', 'tablet', 'desktop'])[1 + g % 4]),
             case when g % 7 = 0 then 12.97 end, case when g % 7 = 0 then 77.59 end, g % 7 = 0,
             now() - g * ${step}::float8 * interval '1 second' + interval '3 minutes'
      from generate_series(${done + 1}::int, ${last}::int) as g`);
  }
  await database.db.execute(sql`
    insert into calls (id, scan_id, qr_id, owner_id, contact, scanner_hash, scanner_last2, gateway,
                       status, created_at)
    select 'c' || id, id, qr_id, owner_id, 'emergencyContact', md5(id), '10', 'sandbox',
           case when random() < 0.7 then 'completed' else 'no-answer' end, scanned_at
    from scans where owner_id = ${userId} and id like 'y%' and substr(id, 2)::int % 100 = 0`);
  await database.db.execute(sql`
    insert into conversations (id, scan_id, qr_id, owner_id, created_at, last_message_at)
    select 'v' || id, id, qr_id, owner_id, scanned_at, scanned_at
    from scans where owner_id = ${userId} and id like 'y%' and substr(id, 2)::int % 200 = 0`);
  await database.db.execute(sql`
    insert into messages (id, conversation_id, sender, text, created_at)
    select id || '-' || s.sender, id, s.sender, 'Found it', created_at
    from conversations, (values ('scanner'), ('owner')) as s(sender)
    where owner_id = ${userId}`);
}
// What the server's periodic ANALYZE does for a grown table, done at once for the seeded scans.
await database.db.execute(sql`analyze`);
const token = await signAccessToken(config, keys, { subject });
await app.listen({ port, host: '127.0.0.1' });
console.log(JSON.stringify({ port, qrId, token, qrIds }));

const stop = async () => {
  await app.close();
  const [{ count }] = (
    (await database.db.execute(sql`select count(*)::int as count from scans`)) as unknown as {
      rows: Array<{ count: number }>;
    }
  ).rows;
  console.log(JSON.stringify({ storedScans: count }));
  await database.close();
  if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
