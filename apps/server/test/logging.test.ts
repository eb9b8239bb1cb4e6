import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../src/lib/logger.ts';
import { buildTestApp, type TestApp } from './helper.ts';

describe('logs', () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).trim().split('\n'));
      done();
    },
  });
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({}, { logger: { ...(loggerOptions('info') as object), stream } });
  });
  afterAll(async () => t.close());

  it('are JSON lines with a request id and no token, phone number or medical detail', async () => {
    const token = await t.tokenFor({ subject: 'logged-1', phone: '+919812345678' });
    await t.app.inject({
      method: 'POST',
      url: '/api/qr-codes/?secret=query-value',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        type: 'PERSON',
        details: {
          fullName: 'Asha',
          emergencyContact: { name: 'Ravi', phoneNumber: '9876543210' },
          medicalDetails: { bloodGroup: 'O_POSITIVE', allergies: 'penicillin-allergy' },
        },
      },
    });
    await t.app.inject({
      method: 'GET',
      url: '/api/user/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(lines.length).toBeGreaterThan(0);
    const records = lines.map((line) => JSON.parse(line) as { reqId?: string });
    expect(
      records.some((record) => typeof record.reqId === 'string' && record.reqId.length > 0),
    ).toBe(true);
    const all = lines.join('\n');
    expect(all).not.toContain(token.split('.')[1]);
    expect(all).not.toContain('9876543210');
    expect(all).not.toContain('9812345678');
    expect(all).not.toContain('penicillin-allergy');
    expect(all).not.toContain('query-value');
  });

  it('write one access line per request: method, route pattern, status and time', async () => {
    lines.length = 0;
    const token = await t.tokenFor({ subject: 'logged-2' });
    await t.app.inject({
      method: 'GET',
      url: '/api/qr-codes/no-such-code',
      headers: { authorization: `Bearer ${token}` },
    });
    const access = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((record) => record.msg === 'request');
    expect(access).toEqual([
      expect.objectContaining({
        method: 'GET',
        route: '/api/qr-codes/:id',
        status: 404,
        ms: expect.any(Number),
        reqId: expect.any(String),
      }),
    ]);
    expect(lines.some((line) => line.includes('incoming request'))).toBe(false);
  });
});
