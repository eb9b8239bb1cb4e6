import { createHash, timingSafeEqual } from 'node:crypto';
import { errorBodySchema } from '@carecode/domain/errors/error-body.schema';
import {
  createOrderAnswerSchema,
  createOrderInputSchema,
  merchantOrderIdSchema,
  orderListSchema,
  orderStatusAnswerSchema,
} from '@carecode/domain/orders/order.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { PaymentGatewayError } from './gateways/payment-gateway.ts';
import { sandboxCheckoutRoutes } from './sandbox-checkout.routes.ts';

/** Lowercase hex SHA-256 of `username:password`: what PhonePe sends as the webhook Authorization. */
export function webhookAuthorization(username: string, password: string): string {
  return createHash('sha256').update(`${username}:${password}`).digest('hex');
}

/** Constant-time: both sides are hashed to equal length before comparing. */
function isAuthorizationValid(header: string | undefined, expected: string | undefined): boolean {
  if (!header || !expected) return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(header), digest(expected));
}

const WEBHOOK_EVENTS = new Set(['checkout.order.completed', 'checkout.order.failed']);

/** PhonePe's callback; unknown fields are tolerated (the gateway adds fields over time). */
const webhookBodySchema = z.looseObject({
  event: z.string().optional(),
  type: z.string().optional(),
  payload: z
    .looseObject({
      merchantOrderId: z.string().optional(),
      orderId: z.string().optional(),
      state: z.string().optional(),
      amount: z.number().optional(),
    })
    .optional(),
});

const statusParamsSchema = z.strictObject({ merchantOrderId: merchantOrderIdSchema });

/** Spec §7 payment and order calls, the PhonePe webhook, and the sandbox checkout page. */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = app.config;
  const { gateway, service } = app.payments;
  const owner = { onRequest: app.authenticate };
  const { webhookUsername, webhookPassword } = config.payments.phonepe;
  const expectedWebhookAuthorization =
    webhookUsername && webhookPassword
      ? webhookAuthorization(webhookUsername, webhookPassword)
      : undefined;

  app.post(
    '/payment/create-order',
    {
      ...owner,
      schema: {
        body: createOrderInputSchema,
        response: { 200: createOrderAnswerSchema, 502: errorBodySchema },
      },
    },
    async (request) => {
      try {
        return await service.createOrder(
          request.user,
          request.body.planType,
          request.body.billingPeriod,
        );
      } catch (error) {
        if (error instanceof PaymentGatewayError) {
          throw new AppError('PAYMENT_GATEWAY_UNAVAILABLE');
        }
        throw error;
      }
    },
  );

  app.get(
    '/payment/fetch-order-status/:merchantOrderId',
    {
      ...owner,
      schema: { params: statusParamsSchema, response: { 200: orderStatusAnswerSchema } },
    },
    (request) => service.orderStatus(request.user.id, request.params.merchantOrderId),
  );

  app.get('/user/orders', { ...owner, schema: { response: { 200: orderListSchema } } }, (request) =>
    service.listOrders(request.user.id),
  );

  app.post(
    '/payment/webhook',
    {
      // Checked before the body is parsed: a wrong signature learns nothing and changes nothing.
      onRequest: async (request, reply) => {
        if (!isAuthorizationValid(request.headers.authorization, expectedWebhookAuthorization)) {
          request.log.warn('payment webhook with a wrong authorization rejected');
          return reply.status(401).send(new AppError('WEBHOOK_UNAUTHORIZED').toBody());
        }
      },
      schema: { body: webhookBodySchema },
    },
    async (request) => {
      const event = request.body.event ?? request.body.type ?? '';
      const payload = request.body.payload;
      const merchantOrderId = payload?.merchantOrderId;
      if (
        !WEBHOOK_EVENTS.has(event) ||
        !payload?.state ||
        !merchantOrderId ||
        !merchantOrderIdSchema.safeParse(merchantOrderId).success
      ) {
        request.log.info({ event }, 'payment webhook ignored');
        return { received: true };
      }
      try {
        await service.handleCallback(merchantOrderId, payload.state, payload.amount);
      } catch (error) {
        if (!(error instanceof PaymentGatewayError)) throw error;
        // The status poll settles it later; the webhook itself was received.
        request.log.warn({ merchantOrderId, err: error }, 'payment webhook left pending');
      }
      return { received: true };
    },
  );

  if (gateway.name === 'sandbox') await app.register(sandboxCheckoutRoutes, { service });
};
