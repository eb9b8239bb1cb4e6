import type { PaymentGateway, StartPaymentInput, StartedPayment } from './payment-gateway.ts';

/** Path of the test checkout page under the API base. */
export const sandboxCheckoutPath = (merchantOrderId: string) =>
  `/payment/sandbox/checkout/${encodeURIComponent(merchantOrderId)}`;

/**
 * The embedded default: our own TEST MODE checkout page. Its Pay, Fail and Cancel buttons set the
 * order's state directly, so there is no remote status to ask for.
 */
export function createSandboxGateway(options: { apiBaseUrl: string }): PaymentGateway {
  return {
    name: 'sandbox',
    async startPayment(input: StartPaymentInput): Promise<StartedPayment> {
      return { redirectUrl: `${options.apiBaseUrl}${sandboxCheckoutPath(input.merchantOrderId)}` };
    },
    async fetchStatus() {
      return undefined;
    },
  };
}
