import type { PlanType } from '@carecode/domain/plans/plans';

/** What a gateway says about one order. `amountPaise` is what it charged, when it says so. */
export interface GatewayOrderStatus {
  /** PENDING, COMPLETED, FAILED, or whatever else the gateway answers. */
  state: string;
  amountPaise?: number;
  gatewayOrderId?: string;
  /** A reason the gateway gave for a failure, if any. */
  failureMessage?: string;
}

export interface StartPaymentInput {
  merchantOrderId: string;
  amountPaise: number;
  plan: PlanType;
  /** Where the payer's browser returns: `{PUBLIC_URL}/payment-status?merchantOrderId={id}`. */
  returnUrl: string;
}

export interface StartedPayment {
  redirectUrl: string;
  gatewayOrderId?: string;
}

/** The two calls the order flow needs; `sandbox` and `phonepe` implement it. */
export interface PaymentGateway {
  readonly name: 'sandbox' | 'phonepe';
  /** `deadline` (epoch ms): every call it makes ends by then, answered or not. */
  startPayment(input: StartPaymentInput, options?: { deadline?: number }): Promise<StartedPayment>;
  /** Undefined when the gateway has nothing to add (the sandbox keeps its state in the order). */
  fetchStatus(merchantOrderId: string): Promise<GatewayOrderStatus | undefined>;
}

/** A gateway call that failed: an error answer, a broken answer, or no answer in time. */
export class PaymentGatewayError extends Error {
  readonly status?: number;

  constructor(message: string, status?: number) {
    super(message);
    this.name = 'PaymentGatewayError';
    this.status = status;
  }
}
