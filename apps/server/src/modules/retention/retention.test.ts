import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { queryRows } from '../../db/rows.ts';
import { createOwner, createQr } from '../scans/scans.test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ LOCATION_RETENTION_DAYS: '90', SCAN_RETENTION_DAYS: '730' });
});
afterAll(async () => t.close());

const NOW = new Date('2026-11-23T06:00:00.000Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000);

async function addScan(qrId: string, ownerId: string, id: string, at: Date, located: boolean) {
  await t.database.db.execute(sql`
    insert into scans (id, qr_id, owner_id, scanned_at, device_info, latitude, longitude,
                       gps_enabled, expires_at)
    values (${id}, ${qrId}, ${ownerId}, ${at.toISOString()}::timestamptz, '{}'::jsonb,
            ${located ? 12.97 : null}, ${located ? 77.59 : null}, ${located},
            ${at.toISOString()}::timestamptz + interval '3 minutes')`);
}

describe('retention', () => {
  it('erases locations after LOCATION_RETENTION_DAYS and scans after SCAN_RETENTION_DAYS', async () => {
    const owner = await createOwner(t, 'retention-owner');
    const qrId = await createQr(t, owner.id);
    await addScan(qrId, owner.id, 'recent-located', daysAgo(89), true);
    await addScan(qrId, owner.id, 'old-located', daysAgo(91), true);
    await addScan(qrId, owner.id, 'kept-scan', daysAgo(729), false);
    await addScan(qrId, owner.id, 'expired-scan', daysAgo(731), true);

    expect(await t.app.retention.runOnce(NOW)).toEqual({ locations: 2, scans: 1 });
    const rows = await queryRows<{ id: string; latitude: number | null; gps_enabled: boolean }>(
      t.database.db,
      sql`select id, latitude, gps_enabled from scans where qr_id = ${qrId} order by id`,
    );
    expect(rows).toEqual([
      { id: 'kept-scan', latitude: null, gps_enabled: false },
      { id: 'old-located', latitude: null, gps_enabled: false },
      { id: 'recent-located', latitude: 12.97, gps_enabled: true },
    ]);
    // Nothing more to do the next time.
    expect(await t.app.retention.runOnce(NOW)).toEqual({ locations: 0, scans: 0 });
  });

  it('states its numbers in the runtime configuration (the privacy page reads them)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json().retention).toEqual({ locationDays: 90, scanDays: 730 });
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'runs on one replica at a time: skipped while another holds the lock',
    async () => {
      const url = new URL(process.env.DATABASE_URL!);
      const [{ name }] = await queryRows<{ name: string }>(
        t.database.db,
        sql`select current_database() as name`,
      );
      url.pathname = `/${name}`;
      const other = new pg.Client({ connectionString: url.toString() });
      await other.connect();
      await other.query('begin');
      await other.query('select pg_advisory_xact_lock(730090)');
      expect(await t.app.retention.runOnce(NOW)).toBeUndefined();
      await other.query('commit');
      await other.end();
      expect(await t.app.retention.runOnce(NOW)).toEqual({ locations: 0, scans: 0 });
    },
  );
});
