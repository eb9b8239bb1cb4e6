import { createHash } from 'node:crypto';
import { merchantOrderIdSchema } from '@carecode/domain/orders/order.schema';
import { formatRupees, planNames } from '@carecode/domain/plans/plans';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OrderRow } from './payments.repository.ts';
import { paymentStatusUrl, type PaymentsService } from './payments.service.ts';

export const SANDBOX_FAILED_MESSAGE = 'Payment failed';
export const SANDBOX_CANCELLED_MESSAGE = 'Payment cancelled';

/** Served as a file (not inline) so the page's CSP can stay `style-src 'self'`. */
export const SANDBOX_CSS = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f1f5f9;color:#0f172a}
.banner{background:#b45309;color:#fff;text-align:center;font-weight:700;padding:.75rem;letter-spacing:.05em}
main{max-width:28rem;margin:2rem auto;padding:0 1rem}
.card{background:#fff;border:1px solid #cbd5e1;border-radius:.75rem;padding:1.5rem}
h1{font-size:1.25rem;margin:0 0 1rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.5rem 1rem;margin:0 0 1.5rem}
dt{color:#475569}dd{margin:0;font-weight:600;word-break:break-all}
.amount{font-size:1.5rem}
.actions{display:flex;flex-direction:column;gap:.75rem}
form{margin:0}
button,.link{display:block;font-family:inherit;width:100%;min-height:2.75rem;border-radius:.5rem;font-size:1rem;font-weight:600;cursor:pointer;text-align:center;padding:.6rem 1rem;text-decoration:none}
.pay{background:#15803d;color:#fff;border:0}
.fail{background:#b91c1c;color:#fff;border:0}
.cancel,.link{background:#fff;color:#0f172a;border:1px solid #94a3b8}
button:focus-visible,.link:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
.note{color:#475569;font-size:.875rem;margin-top:1rem}
`.trim();

const cssHash = createHash('sha256').update(SANDBOX_CSS).digest('hex').slice(0, 12);

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

const paramsSchema = z.strictObject({ merchantOrderId: merchantOrderIdSchema });
const actionParamsSchema = z.strictObject({
  merchantOrderId: merchantOrderIdSchema,
  action: z.enum(['pay', 'fail', 'cancel']),
});

/**
 * The sandbox gateway's hosted checkout: a plain HTML page marked TEST MODE whose Pay, Fail and
 * Cancel buttons are ordinary forms (no script), each setting the order's state and returning the
 * browser (303) to the payment-status page, as a real gateway would.
 */
export const sandboxCheckoutRoutes: FastifyPluginAsyncZod<{ service: PaymentsService }> = async (
  app,
  { service },
) => {
  const config = app.config;
  const apiPath = new URL(config.apiBaseUrl).pathname.replace(/\/+$/, '');
  const base = `${apiPath}/payment/sandbox`;
  const publicOrigin = new URL(config.publicUrl).origin;
  const csp = [
    "default-src 'none'",
    "style-src 'self'",
    `form-action 'self' ${publicOrigin}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');

  // The forms carry no fields; accept their urlencoded (possibly empty) bodies.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => done(null, {}),
  );

  const sendPage = (reply: FastifyReply, status: number, title: string, body: string) =>
    reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', csp)
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .header('x-content-type-options', 'nosniff')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
          `<meta name="viewport" content="width=device-width,initial-scale=1">` +
          `<meta name="robots" content="noindex">` +
          `<title>${escapeHtml(title)} · TEST MODE</title>` +
          `<link rel="stylesheet" href="${base}/checkout-${cssHash}.css"></head><body>` +
          `<p class="banner" role="note">TEST MODE · Sandbox payment: no real money is charged</p>` +
          `<main>${body}</main></body></html>`,
      );

  const planLabel = (order: OrderRow) =>
    `CareCode ${planNames.en[order.plan]}` +
    (order.billingPeriod ? ` (${order.billingPeriod === 'MONTHLY' ? 'monthly' : 'yearly'})` : '');

  const orderPage = (order: OrderRow) => {
    const id = escapeHtml(order.merchantOrderId);
    const amount = escapeHtml(formatRupees(order.amountPaise));
    const summary =
      `<dl><dt>Plan</dt><dd>${escapeHtml(planLabel(order))}</dd>` +
      `<dt>Amount</dt><dd class="amount">${amount}</dd>` +
      `<dt>Order</dt><dd>${id}</dd></dl>`;
    if (order.status !== 'PENDING') {
      const back = escapeHtml(paymentStatusUrl(config.publicUrl, order.merchantOrderId));
      return (
        `<div class="card"><h1>This order is ${order.status}</h1>${summary}` +
        `<a class="link" href="${back}">Return to CareCode</a></div>`
      );
    }
    const action = (name: string, label: string) =>
      `<form method="post" action="${base}/checkout/${id}/${name}">` +
      `<button type="submit" class="${name}">${escapeHtml(label)}</button></form>`;
    return (
      `<div class="card"><h1>Test checkout</h1>${summary}<div class="actions">` +
      action('pay', `Pay ${formatRupees(order.amountPaise)}`) +
      action('fail', 'Fail') +
      action('cancel', 'Cancel') +
      `</div><p class="note">Pay completes the order, Fail and Cancel fail it. ` +
      `Set PAYMENT_GATEWAY=phonepe for real payments.</p></div>`
    );
  };

  const notFoundPage = (reply: FastifyReply) =>
    sendPage(
      reply,
      404,
      'Order not found',
      `<div class="card"><h1>Order not found</h1><p>There is no order with this id.</p></div>`,
    );

  app.get(`/payment/sandbox/checkout-${cssHash}.css`, async (_request, reply) =>
    reply
      .header('content-type', 'text/css; charset=utf-8')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(SANDBOX_CSS),
  );

  app.get(
    '/payment/sandbox/checkout/:merchantOrderId',
    { schema: { params: paramsSchema } },
    async (request, reply) => {
      const order = await service.findOrder(request.params.merchantOrderId);
      if (!order) return notFoundPage(reply);
      return sendPage(reply, 200, `${planLabel(order)} plan`, orderPage(order));
    },
  );

  app.post(
    '/payment/sandbox/checkout/:merchantOrderId/:action',
    { schema: { params: actionParamsSchema } },
    async (request, reply) => {
      const { merchantOrderId, action } = request.params;
      const order = await service.findOrder(merchantOrderId);
      if (!order) return notFoundPage(reply);
      // Only a pending order reacts: a settled one keeps its state, as at a real gateway.
      if (order.status === 'PENDING') {
        if (action === 'pay') {
          await service.applyGatewayStatus(order, {
            state: 'COMPLETED',
            amountPaise: order.amountPaise,
          });
        } else {
          await service.markFailed(
            merchantOrderId,
            action === 'fail' ? SANDBOX_FAILED_MESSAGE : SANDBOX_CANCELLED_MESSAGE,
          );
        }
      }
      return reply.redirect(paymentStatusUrl(config.publicUrl, merchantOrderId), 303);
    },
  );
};
