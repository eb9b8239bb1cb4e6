import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config/env.ts';
import type { PaymentGateway } from './gateways/payment-gateway.ts';
import { createPhonePeGateway } from './gateways/phonepe.gateway.ts';
import { createSandboxGateway } from './gateways/sandbox.gateway.ts';
import { createPaymentsRepository } from './payments.repository.ts';
import { createPaymentsService, type PaymentsService } from './payments.service.ts';

/** How often due checks are looked for, how many are taken at once, and how long they are held. */
export const RECONCILE = { everyMs: 1000, batch: 10, leaseMs: 30_000 } as const;

declare module 'fastify' {
  interface FastifyInstance {
    payments: {
      gateway: PaymentGateway;
      service: PaymentsService;
      /** Checks every PENDING order due at `at` with the gateway; answers how many it checked. */
      reconcileDue(at?: Date): Promise<number>;
    };
  }
}

export function createGateway(config: Config): PaymentGateway {
  if (config.payments.gateway === 'sandbox') {
    return createSandboxGateway({ apiBaseUrl: config.apiBaseUrl });
  }
  const phonepe = config.payments.phonepe;
  return createPhonePeGateway({
    clientId: phonepe.clientId ?? '',
    clientSecret: phonepe.clientSecret ?? '',
    clientVersion: phonepe.clientVersion ?? '',
    env: phonepe.env,
    baseUrl: phonepe.baseUrl,
  });
}

/** The gateway, with every failed call counted (the gateway_errors_total metric). */
function countingErrors(gateway: PaymentGateway, onError: () => void): PaymentGateway {
  const counted =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A) => {
      try {
        return await call(...args);
      } catch (error) {
        onError();
        throw error;
      }
    };
  return {
    name: gateway.name,
    startPayment: counted(gateway.startPayment.bind(gateway)),
    fetchStatus: counted(gateway.fetchStatus.bind(gateway)),
  };
}

/**
 * The payment gateway and order service, and the reconciler that settles PENDING orders without
 * any browser: every second it claims the orders whose scheduled check is due (PhonePe's
 * back-off, see reconciliation.ts) and asks the gateway. The schedule lives in the database, so
 * orders are picked up again after a restart, and replicas share the work (claimed rows are
 * skipped by the others). The grant stays exactly-once (payments.repository.ts `complete`).
 */
export const paymentsPlugin = fp(
  async (app: FastifyInstance) => {
    const gateway = countingErrors(createGateway(app.config), () =>
      app.metrics.gatewayErrors.inc({ gateway: app.config.payments.gateway }),
    );
    const log = app.log.child({ module: 'payments' });
    const service = createPaymentsService({
      repository: createPaymentsRepository(app.database.db),
      gateway,
      publicUrl: app.config.publicUrl,
      log,
    });

    const reconcileDue = async (at = new Date()) => {
      const due = await service.claimDueChecks(
        at,
        new Date(at.getTime() + RECONCILE.leaseMs),
        RECONCILE.batch,
      );
      await Promise.all(
        due.map((order) =>
          service.reconcile(order, at).catch((error: unknown) => {
            log.warn({ merchantOrderId: order.merchantOrderId, err: error }, 'reconcile failed');
          }),
        ),
      );
      return due.length;
    };
    app.decorate('payments', { gateway, service, reconcileDue });

    let timer: ReturnType<typeof setTimeout> | undefined;
    let round: Promise<void> | undefined;
    let isClosing = false;
    const runRound = async () => {
      try {
        // A full batch means more may be due: go on at once.
        while (!isClosing && (await reconcileDue()) === RECONCILE.batch);
      } catch (error) {
        if (!isClosing) log.warn({ err: error }, 'payment reconciliation tick failed');
      }
    };
    const tick = async () => {
      round = runRound();
      await round;
      round = undefined;
      if (!isClosing) {
        timer = setTimeout(() => void tick(), RECONCILE.everyMs);
        timer.unref();
      }
    };
    app.addHook('onReady', async () => {
      timer = setTimeout(() => void tick(), RECONCILE.everyMs);
      timer.unref();
    });
    // A round under way finishes before the app (and then its database) closes.
    app.addHook('onClose', async () => {
      isClosing = true;
      clearTimeout(timer);
      await round;
    });
  },
  { name: 'payments', dependencies: ['database'] },
);
