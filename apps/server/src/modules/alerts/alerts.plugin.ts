import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createAlertDispatcher, type AlertDispatcher } from './alert-dispatcher.ts';
import { loadAlertKeys, type AlertKeys } from './alert-keys.ts';
import { createAlertSenders } from './alert-senders.ts';
import { createAlertsRepository } from './alerts.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    alerts: { keys: AlertKeys; dispatcher: AlertDispatcher };
  }
}

/**
 * Owner alerts: the keys (VAPID, unsubscribe links) and the dispatcher that sends the outbox's
 * alerts by Web Push and e-mail. It starts with the server and sends what was left unsent by an
 * earlier run; `dispatch: 'manual'` leaves it to the caller (tests drive it step by step).
 */
export const alertsPlugin = fp(
  async (app: FastifyInstance, options: { dispatch?: 'auto' | 'manual' }) => {
    const { config } = app;
    const keys = await loadAlertKeys(app.database, config);
    const repository = createAlertsRepository(app.database.db);
    const dispatcher = createAlertDispatcher({
      repository,
      senders: createAlertSenders({
        keys,
        mailer: app.mailer,
        publicUrl: config.publicUrl,
        apiBaseUrl: config.apiBaseUrl,
        siteHost: config.siteHost,
      }),
      log: app.log.child({ module: 'alerts' }),
      mode: options.dispatch ?? 'auto',
      onSendFailure: (channel) =>
        app.metrics.gatewayErrors.inc({ gateway: channel === 'push' ? 'push' : 'smtp' }),
    });
    // One query per scrape for both outbox gauges: the gauges are collected together, so the
    // second reuses the first's answer.
    let outbox: ReturnType<typeof repository.outbox> | undefined;
    const outboxOnce = () => {
      outbox ??= repository.outbox().finally(() => setImmediate(() => (outbox = undefined)));
      return outbox;
    };
    app.metrics.gaugeOf(
      'alert_outbox_depth',
      'Alerts waiting: outbox events not yet expanded and deliveries not yet sent',
      async () => (await outboxOnce()).depth,
    );
    app.metrics.gaugeOf(
      'alert_outbox_oldest_seconds',
      'Age of the oldest alert still waiting (0 when none)',
      async () => (await outboxOnce()).oldestSeconds,
    );
    app.decorate('alerts', { keys, dispatcher });
    app.addHook('onReady', async () => dispatcher.start());
    // After the scans' last batch has committed (their onClose runs first), so its alerts go
    // out too; what is still unsent is sent by the next start.
    app.addHook('onClose', async () => dispatcher.close());
  },
  { name: 'alerts', dependencies: ['database', 'mail', 'metrics'] },
);
