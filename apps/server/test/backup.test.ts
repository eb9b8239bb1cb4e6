import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env.ts';
import type { IdentityKeys } from '../src/modules/identity/keys.ts';
import { ANDROID_CHROME, personDetails } from '../src/modules/scans/scans.test-kit.ts';
import { signAccessToken } from './access-token.ts';
import { buildCompiled, runNpm, startCompiled, stopAllCompiled } from './compiled.ts';
import { createDatabase, freePort } from './processes.ts';

// `npm run db:backup` and `npm run db:restore` on the embedded database: a backup taken of a server
// with data in every corner, restored into a fresh data directory, holds every row of every table
// and the keys, so the restored server accepts the sign-ins of before.

const root = mkdtempSync(path.join(tmpdir(), 'carecode-backup-'));
afterAll(async () => {
  await stopAllCompiled();
  rmSync(root, { recursive: true, force: true });
});

/** Rows in every table of the embedded database in `dataDir`, counted with the server stopped. */
async function rowsPerTable(dataDir: string): Promise<Record<string, number>> {
  const db = new PGlite(path.join(dataDir, 'pgdata'));
  try {
    const tables = await db.query<{ name: string }>(
      `select table_schema || '.' || table_name as name from information_schema.tables
       where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
       order by 1`,
    );
    const counts: Record<string, number> = {};
    for (const { name } of tables.rows) {
      const [schema, table] = name.split('.');
      const result = await db.query<{ n: number }>(
        `select count(*)::int as n from "${schema}"."${table}"`,
      );
      counts[name] = result.rows[0].n;
    }
    return counts;
  } finally {
    await db.close();
  }
}

describe.skipIf(Boolean(process.env.DATABASE_URL))('backup and restore (PGlite)', () => {
  beforeAll(() => {
    buildCompiled();
  }, 180_000);

  it('restores every row of every table and the keys into a fresh DATA_DIR; sign-ins of before still work', async () => {
    const dataDir = path.join(root, 'data');
    const port = String(await freePort());
    // The same address before and after: tokens name their issuer and audience.
    const env = { DATA_DIR: dataDir, PORT: port };
    const config = loadConfig({ ...env, NODE_ENV: 'test' });
    const server = await startCompiled(env);
    const api = (url: string, token: string, init: RequestInit = {}) =>
      fetch(`${server.base}/api${url}`, {
        ...init,
        headers: {
          authorization: `Bearer ${token}`,
          ...(init.body ? { 'content-type': 'application/json' } : {}),
        },
      });
    let token: string;
    let userId: string;
    const qrIds: string[] = [];
    try {
      const keys = JSON.parse(
        readFileSync(path.join(dataDir, 'identity-keys.json'), 'utf8'),
      ) as IdentityKeys;
      token = await signAccessToken(config, keys, { subject: 'backup-owner' });
      const me = await api('/user/me', token);
      expect(me.status).toBe(200);
      userId = ((await me.json()) as { id: string }).id;

      // An owner with QR codes, a profile, a guardian, a device, an order, and scans with a shared
      // location (and so alert events and deliveries).
      for (const name of ['Asha Verma', 'Ravi Verma']) {
        const res = await api('/qr-codes/', token, {
          method: 'POST',
          body: JSON.stringify({ type: 'PERSON', details: personDetails(name) }),
        });
        expect(res.status).toBe(201);
        qrIds.push(((await res.json()) as { id: string }).id);
      }
      expect(
        (await api('/profile', token, { method: 'PUT', body: JSON.stringify({ name: 'Asha' }) }))
          .status,
      ).toBe(200);
      expect(
        (
          await api(`/qr-codes/${qrIds[0]}/guardians`, token, {
            method: 'POST',
            body: JSON.stringify({ email: 'backup-guardian@example.com' }),
          })
        ).status,
      ).toBe(201);
      expect(
        (
          await api('/push-subscriptions', token, {
            method: 'POST',
            body: JSON.stringify({
              endpoint: 'https://127.0.0.1:9/push/backup-owner',
              keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
            }),
          })
        ).status,
      ).toBeLessThan(300);
      expect(
        (
          await api('/payment/create-order', token, {
            method: 'POST',
            body: JSON.stringify({ planType: 'BASIC' }),
          })
        ).status,
      ).toBeLessThan(300);
      const scanIds: string[] = [];
      for (const qrId of [qrIds[0], qrIds[0], qrIds[1]]) {
        const res = await fetch(`${server.base}/api/qr-codes/${qrId}/scan`, {
          redirect: 'manual',
          headers: { 'user-agent': ANDROID_CHROME },
        });
        expect(res.status).toBe(302);
        scanIds.push(res.headers.get('location')!.split('/scans/')[1]);
      }
      expect(
        (
          await fetch(`${server.base}/api/scans/${scanIds[0]}/location`, {
            method: 'PUT',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ latitude: 12.97, longitude: 77.59 }),
          })
        ).status,
      ).toBeLessThan(300);
      // The dispatcher turns the scans' events into deliveries within a second or so.
      await new Promise((resolve) => setTimeout(resolve, 2000));

      // Refused while the server runs on that DATA_DIR, with the reason.
      const busy = await runNpm(['db:backup', '--', path.join(root, 'busy.tar.gz')], env);
      expect(busy.code).toBe(1);
      expect(busy.output).toContain(
        `The CareCode server is running on DATA_DIR ${dataDir} (pid ${server.child.pid}, since `,
      );
      expect(busy.output).toContain(
        'Stop it first: backups and restores run with the server stopped.',
      );
      expect(existsSync(path.join(root, 'busy.tar.gz'))).toBe(false);
    } finally {
      expect(await server.stop()).toBe(0);
    }

    const before = await rowsPerTable(dataDir);
    for (const table of [
      'public.users',
      'public.profiles',
      'public.qr_codes',
      'public.scans',
      'public.guardians',
      'public.push_subscriptions',
      'public.alert_events',
      'public.alert_deliveries',
      'public.orders',
      'drizzle.__drizzle_migrations',
    ]) {
      expect(before[table], table).toBeGreaterThan(0);
    }

    const file = path.join(root, 'backups/carecode.tar.gz');
    const backup = await runNpm(['db:backup', '--', file], env);
    expect(backup.output).toContain(`Backed up DATA_DIR ${dataDir} to ${file} (`);
    expect(backup.output).toContain('and alert-keys.json, identity-keys.json.');
    expect(backup.code).toBe(0);

    // A fresh data directory.
    const restoredDir = path.join(root, 'restored');
    const restore = await runNpm(['db:restore', '--', file], { DATA_DIR: restoredDir });
    expect(restore.output).toContain(`Restored ${file} (taken `);
    expect(restore.output).toContain(`into DATA_DIR ${restoredDir}: the database (`);
    expect(restore.code).toBe(0);
    expect(await rowsPerTable(restoredDir)).toEqual(before);
    for (const keyFile of ['identity-keys.json', 'alert-keys.json']) {
      expect(readFileSync(path.join(restoredDir, keyFile), 'utf8')).toBe(
        readFileSync(path.join(dataDir, keyFile), 'utf8'),
      );
    }

    // The restored server accepts the token issued before the backup, and has the owner's data.
    const restored = await startCompiled({ DATA_DIR: restoredDir, PORT: port });
    try {
      const me = await api('/user/me', token);
      expect(me.status).toBe(200);
      expect(((await me.json()) as { id: string }).id).toBe(userId);
      const list = await api('/qr-codes/', token);
      expect(list.status).toBe(200);
      const listed = JSON.stringify(await list.json());
      for (const qrId of qrIds) expect(listed).toContain(qrId);
      const scans = await api(`/qr-codes/${qrIds[0]}/scans`, token);
      expect(scans.status).toBe(200);
      expect(JSON.stringify(await scans.json())).toContain('12.97');
    } finally {
      expect(await restored.stop()).toBe(0);
    }
  }, 120_000);

  it('restores into a non-empty DATA_DIR only with --force, and refuses what is not a backup', async () => {
    const dataDir = path.join(root, 'occupied');
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(path.join(dataDir, 'identity-keys.json'), '{"other":"keys"}');
    const notABackup = path.join(root, 'not-a-backup.tar.gz');
    writeFileSync(notABackup, 'hello');
    // FILE is relative to where npm was run.
    const refused = await runNpm(
      ['db:restore', '--', 'not-a-backup.tar.gz'],
      { DATA_DIR: path.join(root, 'empty') },
      root,
    );
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(`${notABackup} is not a CareCode backup (`);
    expect(existsSync(path.join(root, 'empty/pgdata'))).toBe(false);

    const file = path.join(root, 'backups/carecode.tar.gz');
    const occupied = await runNpm(['db:restore', '--', file], { DATA_DIR: dataDir });
    expect(occupied.code).toBe(1);
    expect(occupied.output).toContain(
      `DATA_DIR ${dataDir} is not empty (identity-keys.json): restore into an empty directory, or add --force to replace its database and keys.`,
    );
    expect(readFileSync(path.join(dataDir, 'identity-keys.json'), 'utf8')).toBe('{"other":"keys"}');

    const forced = await runNpm(['db:restore', '--', file, '--force'], { DATA_DIR: dataDir });
    expect(forced.code).toBe(0);
    expect(readFileSync(path.join(dataDir, 'identity-keys.json'), 'utf8')).toBe(
      readFileSync(path.join(root, 'data/identity-keys.json'), 'utf8'),
    );
    expect(await rowsPerTable(dataDir)).toEqual(await rowsPerTable(path.join(root, 'data')));
  }, 120_000);
});

/** Rows in every table of the PostgreSQL database at `url`. */
async function rowsPerPostgresTable(url: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ name: string }>(
      `select table_schema || '.' || table_name as name from information_schema.tables
       where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
       order by 1`,
    );
    const counts: Record<string, number> = {};
    for (const { name } of tables.rows) {
      const [schema, table] = name.split('.');
      const result = await client.query<{ n: number }>(
        `select count(*)::int as n from "${schema}"."${table}"`,
      );
      counts[name] = result.rows[0].n;
    }
    return counts;
  } finally {
    await client.end();
  }
}

/** A PostgreSQL client program from the Debian packages (the newest installed). */
function postgresBin(name: string): string {
  const base = '/usr/lib/postgresql';
  const version = readdirSync(base).sort((a, b) => Number(b) - Number(a))[0];
  return path.join(base, version, 'bin', name);
}

const adminUrl = process.env.DATABASE_URL;

describe.skipIf(!adminUrl)('backup and restore (PostgreSQL, the README recipe)', () => {
  beforeAll(() => {
    buildCompiled();
  }, 180_000);

  it('pg_dump while the server runs, pg_restore into a new database: every row, and the keys', async () => {
    const source = await createDatabase(adminUrl!, 'carecode_dump');
    const target = await createDatabase(adminUrl!, 'carecode_restored');
    try {
      const port = String(await freePort());
      const dataDir = path.join(root, 'pg-data');
      const server = await startCompiled({
        DATABASE_URL: source.url,
        DATA_DIR: dataDir,
        PORT: port,
      });
      const config = loadConfig({ DATA_DIR: dataDir, PORT: port, NODE_ENV: 'test' });
      let token: string;
      let qrId: string;
      const dump = path.join(root, 'carecode.dump');
      try {
        const client = new pg.Client({ connectionString: source.url });
        await client.connect();
        const { rows } = await client.query<{ jwks: IdentityKeys['jwks']; cookie_keys: string[] }>(
          'select jwks, cookie_keys from identity_keys',
        );
        await client.end();
        token = await signAccessToken(
          config,
          { jwks: rows[0].jwks, cookieKeys: rows[0].cookie_keys },
          { subject: 'pg-backup-owner' },
        );
        const created = await fetch(`${server.base}/api/qr-codes/`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ type: 'PERSON', details: personDetails() }),
        });
        expect(created.status).toBe(201);
        qrId = ((await created.json()) as { id: string }).id;
        const scanned = await fetch(`${server.base}/api/qr-codes/${qrId}/scan`, {
          redirect: 'manual',
          headers: { 'user-agent': ANDROID_CHROME },
        });
        expect(scanned.status).toBe(302);

        // The embedded database's commands point to pg_dump.
        const refused = await runNpm(['db:backup', '--', path.join(root, 'pg.tar.gz')], {
          DATABASE_URL: source.url,
          DATA_DIR: dataDir,
        });
        expect(refused.code).toBe(1);
        expect(refused.output).toContain(
          'DATABASE_URL is set: this command backs up the embedded database (PGlite). On PostgreSQL use pg_dump and pg_restore (README, Backups): the keys are in the database, so the dump holds them.',
        );

        const dumped = spawnSync(
          postgresBin('pg_dump'),
          ['--format=custom', `--file=${dump}`, source.url],
          { encoding: 'utf8' },
        );
        expect(dumped.stderr).toBe('');
        expect(dumped.status).toBe(0);
      } finally {
        expect(await server.stop()).toBe(0);
      }
      const restored = spawnSync(
        postgresBin('pg_restore'),
        ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${target.url}`, dump],
        { encoding: 'utf8' },
      );
      expect(restored.stderr).toBe('');
      expect(restored.status).toBe(0);
      const before = await rowsPerPostgresTable(source.url);
      for (const table of [
        'public.qr_codes',
        'public.scans',
        'public.identity_keys',
        'public.app_keys',
      ]) {
        expect(before[table], table).toBeGreaterThan(0);
      }
      expect(await rowsPerPostgresTable(target.url)).toEqual(before);

      const again = await startCompiled({
        DATABASE_URL: target.url,
        DATA_DIR: dataDir,
        PORT: port,
      });
      try {
        const list = await fetch(`${again.base}/api/qr-codes/`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(list.status).toBe(200);
        expect(JSON.stringify(await list.json())).toContain(qrId);
      } finally {
        expect(await again.stop()).toBe(0);
      }
    } finally {
      await source.drop();
      await target.drop();
    }
  }, 120_000);
});
