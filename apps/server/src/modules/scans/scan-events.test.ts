import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { createOwner, createQr, IPHONE_SAFARI, scan } from './scans.test-kit.ts';

// RATE_LIMITS=off: these tests drive many scans from one address.
let t: TestApp;
let closed = false;
let baseUrl: string;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMITS: 'off' });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  if (!closed) await t?.close();
});

interface ServerEvent {
  event: string;
  data: Record<string, unknown>;
}

/** Reads an event stream with fetch, as the web app does; `next()` waits for the next event. */
async function openStream(headers: Record<string, string>) {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/api/scans/events`, { headers, signal: controller.signal });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const queue: ServerEvent[] = [];
  let ended = false;
  const pump = async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) {
        ended = true;
        return;
      }
      buffer += value;
      let index;
      while ((index = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event && data) queue.push({ event, data: JSON.parse(data) });
      }
    }
  };
  const pumping = pump();
  const next = async (timeoutMs = 3000): Promise<ServerEvent> => {
    const deadline = Date.now() + timeoutMs;
    while (!queue.length) {
      if (ended) throw new Error('stream ended');
      if (Date.now() > deadline) throw new Error('no event within the timeout');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return queue.shift()!;
  };
  return {
    res,
    next,
    pending: () => queue.length,
    isEnded: () => ended,
    ended: pumping,
    close: () => controller.abort(),
  };
}

describe('GET /scans/events (live scans for owners)', () => {
  it('answers 401 without a token', async () => {
    const res = await fetch(`${baseUrl}/api/scans/events`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      code: 'SIGN_IN_REQUIRED',
      message: 'Please sign in to continue.',
    });
  });

  it('streams the owner’s new scans and shared locations, and nobody else’s', async () => {
    const owner = await createOwner(t, 'events-owner');
    const other = await createOwner(t, 'events-other');
    const qrId = await createQr(t, owner.id, { fullName: 'Meera Iyer' });
    const othersQr = await createQr(t, other.id);
    const mine = await openStream(owner.headers);
    const theirs = await openStream(other.headers);
    expect(mine.res.status).toBe(200);
    expect(mine.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(mine.res.headers.get('cache-control')).toBe('no-store');
    expect((await mine.next()).event).toBe('ready');
    expect((await theirs.next()).event).toBe('ready');

    const { scanId } = await scan(t, qrId, { userAgent: IPHONE_SAFARI });
    const created = await mine.next();
    expect(created).toEqual({
      event: 'scan',
      data: {
        scanId,
        qrId,
        qrName: 'Meera Iyer',
        scanTimestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        deviceInfo: expect.objectContaining({ browser: 'Mobile Safari', os: 'iOS' }),
        count: 1,
      },
    });
    expect(created.data).not.toHaveProperty('ownerId');

    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/scans/${scanId}/location`,
      payload: { latitude: 19.076, longitude: 72.8777 },
    });
    expect(put.statusCode).toBe(204);
    expect(await mine.next()).toEqual({
      event: 'location',
      data: { scanId, qrId, latitude: 19.076, longitude: 72.8777 },
    });

    // The other owner hears only about their own QR.
    const theirScan = await scan(t, othersQr);
    expect((await theirs.next()).data.scanId).toBe(theirScan.scanId);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(theirs.pending()).toBe(0);
    expect(mine.pending()).toBe(0);
    mine.close();
    theirs.close();
  });

  it('ends the stream when its token expires, delivering nothing after', async () => {
    const owner = await createOwner(t, 'events-expiring');
    const qrId = await createQr(t, owner.id);
    const stream = await openStream(await t.authHeaders({ subject: owner.subject, expiresIn: 2 }));
    expect((await stream.next()).event).toBe('ready');
    expect(await stream.next(4000)).toEqual({ event: 'expired', data: {} });
    await stream.ended;
    expect(stream.isEnded()).toBe(true);
    await scan(t, qrId);
    expect(stream.pending()).toBe(0);
  });

  it('records 200 concurrent scans, all of them, in a few group-committed INSERTs, announced per batch', async () => {
    const owner = await createOwner(t, 'burst-owner', 'BUSINESS');
    const qrId = await createQr(t, owner.id);
    const stream = await openStream(owner.headers);
    expect((await stream.next()).event).toBe('ready');
    const execute = vi.spyOn(t.database.db, 'execute');
    const answers = await Promise.all(Array.from({ length: 200 }, () => scan(t, qrId)));
    // The batch statement: prepared once on the embedded database, then executed by name.
    const inserts = execute.mock.calls.filter(([query]) => {
      const text = JSON.stringify(query);
      if (text.includes('execute carecode_record_scans')) return true;
      return text.includes('insert into scans') && !text.includes('prepare carecode_record_scans');
    }).length;
    execute.mockRestore();
    expect(answers.every(({ res }) => res.statusCode === 302)).toBe(true);
    const ids = new Set(answers.map(({ scanId }) => scanId));
    expect(ids.size).toBe(200);
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/qr-codes/${qrId}/scans?pageSize=1`,
      headers: owner.headers,
    });
    expect(history.json().total).toBe(200);
    expect(inserts).toBeGreaterThanOrEqual(1);
    expect(inserts).toBeLessThan(20);
    // One event per batch, counting its scans: the owner hears of all 200, in as many events
    // as there were INSERTs.
    let announced = 0;
    let events = 0;
    while (announced < 200) {
      const event = await stream.next();
      expect(event.event).toBe('scan');
      announced += (event.data as { count: number }).count;
      events += 1;
    }
    expect(announced).toBe(200);
    expect(events).toBe(inserts);
    stream.close();
    // Every session answers at once after its redirect.
    const sessions = await Promise.all(
      [...ids].slice(0, 20).map((id) => t.app.inject({ method: 'GET', url: `/api/scans/${id}` })),
    );
    expect(sessions.every((res) => res.statusCode === 200)).toBe(true);
  });

  it('ends open streams when the app closes', async () => {
    const owner = await createOwner(t, 'closing-owner');
    const stream = await openStream(owner.headers);
    expect((await stream.next()).event).toBe('ready');
    closed = true;
    await t.close();
    await stream.ended;
    expect(stream.isEnded()).toBe(true);
  });
});
