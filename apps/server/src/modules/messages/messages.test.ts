import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.ts';
import { queryRows } from '../../db/rows.ts';
import { createOwner, createQr, scan, type Owner } from '../scans/scans.test-kit.ts';

let t: TestApp;
let smtp: SmtpSink;
let base: string;
beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await buildTestApp({ SMTP_URL: smtp.url }, { alertDispatch: 'manual' });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

let subjects = 0;
async function scanned(): Promise<{ owner: Owner; qrId: string; scanId: string }> {
  subjects += 1;
  const owner = await createOwner(t, `messages-${subjects}`);
  const qrId = await createQr(t, owner.id, { fullName: 'Asha Verma' });
  const { scanId } = await scan(t, qrId);
  return { owner, qrId, scanId: scanId! };
}

const send = (scanId: string, body: FormData | object) =>
  fetch(`${base}/api/scans/${scanId}/messages`, {
    method: 'POST',
    ...(body instanceof FormData
      ? { body }
      : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  });

/** A fetch answer's JSON body, loosely typed for assertions. */
interface Answer {
  code?: string;
  message?: string;
  fields?: Record<string, string>;
  id?: string;
  photoUrl?: string;
  blocked?: boolean;
  messages?: unknown[];
}
const jsonOf = async (response: Response) => (await response.json()) as Answer;

const conversationsOf = async (owner: Owner, qrId?: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/conversations${qrId ? `?qrId=${qrId}` : ''}`,
      headers: owner.headers,
    })
  ).json().items;

/** A 3000×2000 JPEG carrying a camera name and a GPS position in its EXIF. */
async function photoWithLocation(): Promise<Buffer> {
  return sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#3366cc' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCamMaker', Model: 'TestCam 9' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '28/1 36/1 5000/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '77/1 12/1 3240/100',
      },
    })
    .toBuffer();
}

describe('messages between a finder and the owner', () => {
  it('the finder writes, the owner is alerted and replies, the finder reads it; the session stays open', async () => {
    const { owner, qrId, scanId } = await scanned();
    const text = 'Found your bag at <b>Gate 4</b> — I will wait & call?';
    const sent = await send(scanId, { text });
    expect(sent.status).toBe(201);
    expect(await jsonOf(sent)).toMatchObject({ sender: 'scanner', text, photoUrl: null });

    const [conversation] = await conversationsOf(owner, qrId);
    expect(conversation).toMatchObject({ scanId, qrId, blocked: false });
    expect(conversation.messages.map((m: { text: string }) => m.text)).toEqual([text]);

    // The owner's alert carries the text, escaped in the mail's HTML.
    const before = smtp.mails.length;
    await t.app.alerts.dispatcher.runOnce();
    const mails = smtp.mails.slice(before).filter((m) => m.subject?.startsWith('New message'));
    expect(mails.map((m) => m.subject)).toEqual(['New message about Asha Verma']);
    expect(mails[0].text).toContain(`“${text}”`);
    expect(mails[0].html).toContain('Found your bag at &lt;b&gt;Gate 4&lt;/b&gt;');
    expect(mails[0].html).not.toContain('<b>Gate 4</b>');

    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${conversation.id}/messages`,
      headers: owner.headers,
      payload: { text: 'Thank you! Coming in 10 minutes.' },
    });
    expect(reply.statusCode).toBe(201);
    const read = await fetch(`${base}/api/scans/${scanId}/messages`);
    expect(await jsonOf(read)).toMatchObject({
      blocked: false,
      messages: [
        { sender: 'scanner', text },
        { sender: 'owner', text: 'Thank you! Coming in 10 minutes.' },
      ],
    });
    // A conversation keeps the scan session open 30 minutes after its last message.
    const [session] = await queryRows<{ minutes: number }>(
      t.database.db,
      sql`select extract(epoch from expires_at - now()) / 60 as minutes from scans
          where id = ${scanId}`,
    );
    expect(Number(session.minutes)).toBeGreaterThan(29);
    expect(Number(session.minutes)).toBeLessThanOrEqual(30);
    // The history counts the messages beside the scan.
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/qr-codes/${qrId}/scans`,
      headers: owner.headers,
    });
    expect(history.json().items[0]).toMatchObject({ scanId, messageCount: 2 });
  });

  it('re-encodes a photo without its EXIF (no location, no camera) and at most 1600 px', async () => {
    const { owner, qrId, scanId } = await scanned();
    const original = await photoWithLocation();
    // The test's own photo does carry what must go.
    expect(original.includes('TestCamMaker')).toBe(true);
    expect((await sharp(original).metadata()).exif).toBeDefined();

    const form = new FormData();
    form.append('text', 'Is this yours?');
    form.append('photo', new Blob([original], { type: 'image/jpeg' }), 'IMG_0001.jpg');
    const sent = await send(scanId, form);
    expect(sent.status).toBe(201);
    const message = (await jsonOf(sent)) as { id: string; photoUrl: string };
    expect(message.photoUrl).toBe(
      `${t.config.apiBaseUrl}/scans/${scanId}/messages/${message.id}/photo`,
    );

    const photo = await fetch(`${base}/api/scans/${scanId}/messages/${message.id}/photo`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
    const stored = Buffer.from(await photo.arrayBuffer());
    const metadata = await sharp(stored).metadata();
    expect(metadata.format).toBe('jpeg');
    expect([metadata.width, metadata.height]).toEqual([1600, 1067]);
    expect(metadata.exif).toBeUndefined();
    expect(stored.includes('TestCamMaker')).toBe(false);
    expect(stored.includes('Exif')).toBe(false);

    // The owner reads it with their token; someone else finds nothing.
    const [conversation] = await conversationsOf(owner, qrId);
    const ownerPhoto = await t.app.inject({
      method: 'GET',
      url: `/api/conversations/${conversation.id}/messages/${message.id}/photo`,
      headers: owner.headers,
    });
    expect(ownerPhoto.statusCode).toBe(200);
    expect(ownerPhoto.rawPayload.equals(stored)).toBe(true);
    const stranger = await createOwner(t, `messages-stranger-${subjects}`);
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/conversations/${conversation.id}/messages/${message.id}/photo`,
      headers: stranger.headers,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('keeps PNG and WebP as they are, and refuses anything else and over 5 MB', async () => {
    const { scanId } = await scanned();
    for (const [format, type] of [
      ['png', 'image/png'],
      ['webp', 'image/webp'],
    ] as const) {
      const blank = sharp({
        create: { width: 40, height: 30, channels: 4, background: '#ff000080' },
      });
      const image = await (format === 'png' ? blank.png() : blank.webp()).toBuffer();
      const form = new FormData();
      form.append('photo', new Blob([image], { type }), `x.${format}`);
      const sent = await send(scanId, form);
      expect(sent.status).toBe(201);
      const photo = await fetch(
        (await jsonOf(sent)).photoUrl!.replace(t.config.apiBaseUrl, `${base}/api`),
      );
      expect(photo.headers.get('content-type')).toBe(type);
    }
    const svg = new FormData();
    svg.append(
      'photo',
      new Blob(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], {
        type: 'image/svg+xml',
      }),
      'x.svg',
    );
    const refused = await send(scanId, svg);
    expect(refused.status).toBe(400);
    expect(await jsonOf(refused)).toMatchObject({
      code: 'PHOTO_INVALID',
      message: 'The photo must be a JPEG, PNG or WebP image.',
    });
    const large = new FormData();
    large.append('photo', new Blob([Buffer.alloc(5 * 1024 * 1024 + 1, 1)]), 'big.jpg');
    const tooLarge = await send(scanId, large);
    expect(tooLarge.status).toBe(413);
    expect((await jsonOf(tooLarge)).message).toBe('The photo must be at most 5 MB.');
  });

  it('validates the text: at most 500 characters, and something to send', async () => {
    const { scanId } = await scanned();
    const long = await send(scanId, { text: 'x'.repeat(501) });
    expect(long.status).toBe(400);
    expect((await jsonOf(long)).fields).toEqual({
      text: 'Write a message of at most 500 characters',
    });
    const empty = await send(scanId, { text: '   ' });
    expect(empty.status).toBe(400);
    expect((await jsonOf(empty)).fields).toEqual({ text: 'Required' });
    const extra = await send(scanId, { text: 'hi', phone: '9876543210' });
    expect(extra.status).toBe(400);
    expect((await send(scanId, { text: 'x'.repeat(500) })).status).toBe(201);
  });

  it('the owner blocks a conversation: the finder can send nothing more until unblocked', async () => {
    const { owner, qrId, scanId } = await scanned();
    await send(scanId, { text: 'hello' });
    const [conversation] = await conversationsOf(owner, qrId);
    const stranger = await createOwner(t, `messages-blocker-${subjects}`);
    for (const headers of [stranger.headers]) {
      const foreign = await t.app.inject({
        method: 'PUT',
        url: `/api/conversations/${conversation.id}/block`,
        headers,
      });
      expect(foreign.statusCode).toBe(404);
      const reply = await t.app.inject({
        method: 'POST',
        url: `/api/conversations/${conversation.id}/messages`,
        headers,
        payload: { text: 'hi' },
      });
      expect(reply.statusCode).toBe(404);
      expect(await conversationsOf(stranger)).toEqual([]);
    }
    const block = await t.app.inject({
      method: 'PUT',
      url: `/api/conversations/${conversation.id}/block`,
      headers: owner.headers,
    });
    expect(block.json()).toEqual({ blocked: true });
    const refused = await send(scanId, { text: 'hello again' });
    expect(refused.status).toBe(403);
    expect((await jsonOf(refused)).message).toBe(
      'The owner is not accepting messages from this scan.',
    );
    expect((await jsonOf(await fetch(`${base}/api/scans/${scanId}/messages`))).blocked).toBe(true);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/conversations/${conversation.id}/block`,
      headers: owner.headers,
    });
    expect((await send(scanId, { text: 'hello again' })).status).toBe(201);
  });

  it('answers an unknown scan 404 and an ended session as expired', async () => {
    expect((await send('no-such-scan', { text: 'hi' })).status).toBe(404);
    const { scanId } = await scanned();
    await t.database.db.execute(
      sql`update scans set expires_at = now() - interval '1 second' where id = ${scanId}`,
    );
    const late = await send(scanId, { text: 'hi' });
    expect((await jsonOf(late)).code).toBe('SCAN_EXPIRED');
    expect((await fetch(`${base}/api/scans/${scanId}/messages`)).status).toBe(late.status);
  });

  it('limits a scan session to 10 messages in 10 minutes', async () => {
    const { scanId } = await scanned();
    for (let i = 0; i < 10; i += 1)
      expect((await send(scanId, { text: `m${i}` })).status).toBe(201);
    const limited = await send(scanId, { text: 'one more' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it("streams the owner's reply to the finder's open page", async () => {
    const { owner, qrId, scanId } = await scanned();
    await send(scanId, { text: 'hello' });
    const [conversation] = await conversationsOf(owner, qrId);
    const controller = new AbortController();
    const stream = await fetch(`${base}/api/scans/${scanId}/events`, { signal: controller.signal });
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let received = '';
    const until = async (needle: string) => {
      while (!received.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended before ${needle}`);
        received += decoder.decode(value);
      }
    };
    await until('event: ready');
    await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${conversation.id}/messages`,
      headers: owner.headers,
      payload: { text: 'On my way' },
    });
    await until('event: message');
    expect(received).toContain(`"scanId":"${scanId}"`);
    controller.abort();
  });
});
