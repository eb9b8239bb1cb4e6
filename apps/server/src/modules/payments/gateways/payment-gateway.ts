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
  /**
   * Undefined when the gateway has nothing to add (the sandbox keeps its state in the order).
   * `deadline` (epoch ms): every call it makes ends by then, answered or not.
   */
  fetchStatus(
    merchantOrderId: string,
    options?: { deadline?: number },
  ): Promise<GatewayOrderStatus | undefined>;
}

/** A gateway call that failed: an error answer, a broken answer, or no answer in time. */
export class PaymentGatewayError extends Error {
  readonly status?: number;
  /**
   * True when the gateway may have acted on the request all the same (it may have received it,
   * but no answer came): a payment started so must not be written off as FAILED.
   */
  readonly outcomeUnknown: boolean;

  constructor(message: string, status?: number, options: { outcomeUnknown?: boolean } = {}) {
    super(message);
    this.name = 'PaymentGatewayError';
    this.status = status;
    this.outcomeUnknown = options.outcomeUnknown ?? false;
  }
}
