import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export interface Metrics {
  registry: Registry;
  requests: Counter<'method' | 'route' | 'status'>;
  duration: Histogram<'method' | 'route'>;
  scanBatchSize: Histogram;
  gatewayErrors: Counter<'gateway'>;
  /** A gauge whose value is read when Prometheus scrapes (event-stream clients, outbox depth). */
  gaugeOf(name: string, help: string, read: () => number | Promise<number>): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/** A registry of this app's own (tests build many apps in one process). */
export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  return {
    registry,
    requests,
    duration,
    scanBatchSize: new Histogram({
      name: 'scan_batch_size',
      help: 'Scans written together by one group-committed statement',
      buckets: [1, 2, 5, 10, 20, 50, 100, 200, 500],
      registers: [registry],
    }),
    gatewayErrors: new Counter({
      name: 'gateway_errors_total',
      help: 'Failed calls to outside services, by gateway (phonepe, push, smtp)',
      labelNames: ['gateway'] as const,
      registers: [registry],
    }),
    gaugeOf(name, help, read) {
      new Gauge({
        name,
        help,
        registers: [registry],
        async collect() {
          this.set(await read());
        },
      });
    },
  };
}

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Prometheus metrics at `/metrics`, answered only to `Authorization: Bearer {METRICS_TOKEN}`;
 * with METRICS_TOKEN unset the route does not exist and requests are not counted.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    const metrics = createMetrics();
    app.decorate('metrics', metrics);
    const token = app.config.metricsToken;
    if (!token) return;
    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      metrics.requests.inc({ method: request.method, route, status: String(reply.statusCode) });
      metrics.duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    });
    app.get('/metrics', { helmet: false }, async (request, reply) => {
      const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      if (!sameSecret(given, token)) {
        return reply
          .status(401)
          .header('www-authenticate', 'Bearer')
          .send({ code: 'SIGN_IN_REQUIRED', message: 'Please sign in to continue.' });
      }
      return reply
        .header('cache-control', 'no-store')
        .type(metrics.registry.contentType)
        .send(await metrics.registry.metrics());
    });
  },
  { name: 'metrics', dependencies: ['database'] },
);
