import {
  CHILD_GUARDIAN_TEXT_VERSION,
  LOCATION_PROMPT_TEXT_VERSION,
} from '@carecode/domain/consents/consent.schema';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { queryRows } from '../../db/rows.ts';
import { createOwner, createQr, scan } from '../scans/scans.test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { alertDispatch: 'manual' });
});
afterAll(async () => t.close());

const consentRows = (where: ReturnType<typeof sql>) =>
  queryRows<{
    kind: string;
    text_version: string;
    granted: boolean;
    recorded_at: Date | string;
    scan_id: string | null;
    qr_id: string | null;
    user_id: string | null;
  }>(t.database.db, sql`select * from consents where ${where} order by recorded_at, id`);

const childDetails = {
  fullName: 'Asha',
  schoolName: 'DPS Noida',
  schoolContact: { name: 'Meera', phoneNumber: '9123456780' },
  emergencyContact: { name: 'Ravi Kumar', phoneNumber: '9876543210' },
  medicalDetails: { bloodGroup: 'O_POSITIVE' },
};

describe('the location prompt’s consent', () => {
  it('records each answer with the scan: granted or refused, its time and text version', async () => {
    const owner = await createOwner(t, 'consent-owner');
    const qrId = await createQr(t, owner.id);
    const { scanId } = await scan(t, qrId);
    const before = Date.now();
    for (const granted of [false, true]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/scans/${scanId}/location-consent`,
        payload: { granted, textVersion: LOCATION_PROMPT_TEXT_VERSION },
      });
      expect(res.statusCode).toBe(204);
    }
    const rows = await consentRows(sql`scan_id = ${scanId!}`);
    expect(rows.map((row) => [row.kind, row.granted, row.text_version])).toEqual([
      ['LOCATION_SHARING', false, LOCATION_PROMPT_TEXT_VERSION],
      ['LOCATION_SHARING', true, LOCATION_PROMPT_TEXT_VERSION],
    ]);
    expect(new Date(rows[0].recorded_at).getTime()).toBeGreaterThanOrEqual(before - 1000);

    // The owner's copy of their data holds them.
    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/user/export',
      headers: owner.headers,
    });
    expect(exported.json().consents).toEqual([
      expect.objectContaining({ kind: 'LOCATION_SHARING', granted: false, scan_id: scanId }),
      expect.objectContaining({ kind: 'LOCATION_SHARING', granted: true, scan_id: scanId }),
    ]);
  });

  it('refuses an unknown text version or a missing answer, and an unknown scan', async () => {
    const owner = await createOwner(t, 'consent-owner-2');
    const { scanId } = await scan(t, await createQr(t, owner.id));
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/scans/${scanId}/location-consent`,
      payload: { textVersion: 'location-prompt/1999-01' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ granted: 'Required', textVersion: 'Invalid value' });
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/scans/no-such-scan/location-consent',
      payload: { granted: true, textVersion: LOCATION_PROMPT_TEXT_VERSION },
    });
    expect(missing.statusCode).toBe(404);
    expect(await consentRows(sql`scan_id = ${scanId!}`)).toEqual([]);
  });
});

describe('the Child Safety guardian confirmation', () => {
  it('is recorded with the new code, its time and text version', async () => {
    const owner = await createOwner(t, 'child-consent');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/qr-codes/',
      headers: owner.headers,
      payload: {
        type: 'CHILD',
        details: childDetails,
        guardianConsent: { textVersion: CHILD_GUARDIAN_TEXT_VERSION },
      },
    });
    expect(res.statusCode).toBe(201);
    const qrId = res.json().id as string;
    expect(await consentRows(sql`qr_id = ${qrId}`)).toEqual([
      expect.objectContaining({
        kind: 'CHILD_GUARDIAN',
        granted: true,
        text_version: CHILD_GUARDIAN_TEXT_VERSION,
        user_id: owner.id,
      }),
    ]);
  });

  it('refuses a confirmation of an unknown text, and one on another kind of code', async () => {
    const owner = await createOwner(t, 'child-consent-2');
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/qr-codes/',
      headers: owner.headers,
      payload: { type: 'CHILD', details: childDetails, guardianConsent: { textVersion: 'x' } },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ 'guardianConsent.textVersion': 'Invalid value' });
    const person = await t.app.inject({
      method: 'POST',
      url: '/api/qr-codes/',
      headers: owner.headers,
      payload: {
        type: 'PERSON',
        details: { fullName: 'Asha Rao', emergencyContact: childDetails.emergencyContact },
        guardianConsent: { textVersion: CHILD_GUARDIAN_TEXT_VERSION },
      },
    });
    expect(person.statusCode).toBe(400);
    expect(await consentRows(sql`user_id = ${owner.id}`)).toEqual([]);
  });
});

describe('DELETE /api/scans/{scanId}/location', () => {
  it('erases a shared location from the scan and its alert; the scan stays', async () => {
    const owner = await createOwner(t, 'erase-location');
    const qrId = await createQr(t, owner.id);
    const { scanId } = await scan(t, qrId);
    await t.app.inject({
      method: 'PUT',
      url: `/api/scans/${scanId}/location`,
      payload: { latitude: 28.6139, longitude: 77.209 },
    });
    const stranger = await createOwner(t, 'erase-location-stranger');
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/api/scans/${scanId}/location`,
      headers: stranger.headers,
    });
    expect(foreign.statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'DELETE',
      url: `/api/scans/${scanId}/location`,
    });
    expect(anonymous.statusCode).toBe(401);

    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/scans/${scanId}/location`,
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(204);
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/qr-codes/${qrId}/scans`,
      headers: owner.headers,
    });
    expect(history.json().items).toEqual([expect.objectContaining({ scanId, location: null })]);
    const stored = await queryRows<{ text: string }>(
      t.database.db,
      sql`select concat_ws(' ', (select row_to_json(s)::text from scans s where id = ${scanId!}),
                  (select string_agg(data::text, ' ') from alert_events where scan_id = ${scanId!}))
            as text`,
    );
    expect(stored[0].text).toContain(scanId);
    expect(stored[0].text).not.toContain('28.6139');
    expect(stored[0].text).not.toContain('77.209');
  });
});

describe('GET /api/user/export/scans.csv', () => {
  it('is the scan history as CSV, with a BOM, oldest first, and nothing of another owner', async () => {
    const owner = await createOwner(t, 'csv-owner');
    const qrId = await createQr(t, owner.id, { fullName: 'आशा' });
    const first = await scan(t, qrId);
    await t.app.inject({
      method: 'PUT',
      url: `/api/scans/${first.scanId}/location`,
      payload: { latitude: -12.5, longitude: 77.25 },
    });
    const second = await scan(t, qrId, {
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Safari/604.1',
    });
    const other = await createOwner(t, 'csv-other');
    const theirs = await scan(t, await createQr(t, other.id));

    const res = await t.app.inject({
      method: 'GET',
      url: '/api/user/export/scans.csv',
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="carecode-scans-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFF"scanId","qrId","qrType","scannedAt","deviceType","os","browser","latitude","longitude"',
    );
    expect(lines).toHaveLength(4); // header, two scans, the final line break
    expect(lines[1]).toMatch(
      new RegExp(
        `^"${first.scanId}","${qrId}","PERSON","\\d{4}-[^"]+Z","mobile","Android[^"]*","Chrome[^"]*","-12.5","77.25"$`,
      ),
    );
    expect(lines[2]).toMatch(
      new RegExp(`^"${second.scanId}","${qrId}","PERSON",".+","iOS 17.0",".+","",""$`),
    );
    expect(res.body).not.toContain(theirs.scanId!);

    const anonymous = await t.app.inject({ method: 'GET', url: '/api/user/export/scans.csv' });
    expect(anonymous.statusCode).toBe(401);
  });
});
