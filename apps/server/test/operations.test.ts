import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwner, createQr, scan } from '../src/modules/scans/scans.test-kit.ts';
import { buildTestApp, type TestApp } from './helper.ts';

// What operators rely on: readiness for load balancers, Prometheus metrics behind a token.

const METRICS_TOKEN = 'metrics-token-0123456789';

describe('readiness', () => {
  it('answers ready with the database up to date, and 503 once the server is shutting down', async () => {
    let whileClosing: { statusCode: number; body: string } | undefined;
    const t = await buildTestApp(
      {},
      {
        beforeReady: (app) =>
          app.addHook('preClose', async () => {
            // Over HTTP: the server still listens while it gets ready to close.
            const address = app.server.address() as { port: number };
            const res = await fetch(`http://127.0.0.1:${address.port}/api/ready`);
            whileClosing = { statusCode: res.status, body: await res.text() };
          }),
      },
    );
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    await t.close();
    expect(whileClosing?.statusCode).toBe(503);
    expect(JSON.parse(whileClosing!.body)).toEqual({
      status: 'shutting-down',
      message: 'The server is shutting down.',
    });
  });
});

describe('metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ METRICS_TOKEN }, { alertDispatch: 'manual' });
  });
  afterAll(async () => t.close());

  it('are off without METRICS_TOKEN', async () => {
    const plain = await buildTestApp();
    const res = await plain.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(res.statusCode).toBe(404);
    await plain.close();
  });

  it('answer only the bearer of the token', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', METRICS_TOKEN]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(401);
      expect(res.body).not.toContain('http_requests_total');
    }
  });

  it('count requests by route, scan batches, stream clients, the outbox and gateway errors', async () => {
    const owner = await createOwner(t, 'metrics-owner');
    const qrId = await createQr(t, owner.id);
    await scan(t, qrId);
    await scan(t, qrId);
    // A device whose push service cannot be reached: its alert fails once, and is counted.
    await t.app.inject({
      method: 'POST',
      url: '/api/push-subscriptions',
      headers: owner.headers,
      payload: {
        endpoint: 'https://127.0.0.1:9/push/unreachable',
        keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
      },
    });
    await scan(t, qrId);
    const before = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(before.statusCode).toBe(200);
    expect(before.headers['content-type']).toMatch(/^text\/plain/);
    expect(before.body).toContain(
      'http_requests_total{method="GET",route="/api/qr-codes/:id/scan",status="302"} 3',
    );
    expect(before.body).toMatch(/^scan_batch_size_count 3$/m);
    expect(before.body).toMatch(/^event_stream_clients 0$/m);
    // Three scan events wait in the outbox.
    expect(before.body).toMatch(/^alert_outbox_depth 3$/m);
    expect(before.body).toMatch(/^alert_outbox_oldest_seconds \d/m);

    await t.app.alerts.dispatcher.runOnce();
    const after = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(after.body).toMatch(/^gateway_errors_total\{gateway="push"\} 1$/m);
    // The owner's mail went out; the push waits for its retry.
    expect(after.body).toMatch(/^alert_outbox_depth 1$/m);
    expect(after.body).toMatch(
      /^http_request_duration_seconds_count\{method="GET",route="\/api\/qr-codes\/:id\/scan"\} 3$/m,
    );
  });
});
