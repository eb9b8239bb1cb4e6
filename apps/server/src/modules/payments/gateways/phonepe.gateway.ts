import { z } from 'zod';
import {
  PaymentGatewayError,
  type GatewayOrderStatus,
  type PaymentGateway,
  type StartPaymentInput,
  type StartedPayment,
} from './payment-gateway.ts';

/** PhonePe Standard Checkout v2 hosts (PHONEPE_BASE_URL replaces both, for tests). */
export const PHONEPE_HOSTS = {
  sandbox: {
    auth: 'https://api-preprod.phonepe.com/apis/pg-sandbox',
    pg: 'https://api-preprod.phonepe.com/apis/pg-sandbox',
  },
  production: {
    auth: 'https://api.phonepe.com/apis/identity-manager',
    pg: 'https://api.phonepe.com/apis/pg',
  },
} as const;

export interface PhonePeOptions {
  clientId: string;
  clientSecret: string;
  clientVersion: string;
  env: 'sandbox' | 'production';
  baseUrl?: string;
  /** Per call; a gateway that does not answer in time is a failure (default 10 s). */
  timeoutMs?: number;
  /** Seconds before `expires_at` at which a cached token is replaced (default 120). */
  tokenRefreshMarginSeconds?: number;
  /** Checkout page lifetime sent as expireAfter, 300–3600 s (default 1200). */
  expireAfterSeconds?: number;
  /** Milliseconds since the epoch; replaceable so tests can move time. */
  now?: () => number;
}

const tokenAnswerSchema = z.looseObject({
  access_token: z.string().min(1),
  expires_at: z.number(),
});

const payAnswerSchema = z.looseObject({
  orderId: z.string().optional(),
  state: z.string().optional(),
  expireAt: z.number().optional(),
  redirectUrl: z.url(),
});

const statusAnswerSchema = z.looseObject({
  orderId: z.string().optional(),
  state: z.string().min(1),
  amount: z.number().optional(),
  errorCode: z.string().optional(),
  detailedErrorCode: z.string().optional(),
  paymentDetails: z
    .array(z.looseObject({ errorCode: z.string().optional(), state: z.string().optional() }))
    .optional(),
});

/** Connection errors that mean a request never reached the gateway. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH']);

interface CachedToken {
  value: string;
  /** Epoch seconds. */
  expiresAt: number;
}

/**
 * A small HTTP client for PhonePe Standard Checkout v2 (the official SDK cannot be pointed at a
 * test server). OAuth client-credentials token cached until shortly before `expires_at`, shared
 * by concurrent calls, and fetched again once if an API call answers 401.
 */
export function createPhonePeGateway(options: PhonePeOptions): PaymentGateway {
  const hosts = options.baseUrl
    ? { auth: options.baseUrl, pg: options.baseUrl }
    : PHONEPE_HOSTS[options.env];
  const timeoutMs = options.timeoutMs ?? 10_000;
  const margin = options.tokenRefreshMarginSeconds ?? 120;
  const expireAfter = Math.min(3600, Math.max(300, options.expireAfterSeconds ?? 1200));
  const now = options.now ?? Date.now;

  let cached: CachedToken | undefined;
  let inFlight: Promise<CachedToken> | undefined;

  /** Per call: its own timeout, or what is left of the caller's budget when that is shorter. */
  const signalFor = (deadline: number | undefined) =>
    AbortSignal.timeout(
      deadline === undefined ? timeoutMs : Math.max(1, Math.min(timeoutMs, deadline - Date.now())),
    );

  /**
   * One HTTP call, ended at the deadline. With `mayAct` (a request that changes something at the
   * gateway), a failure after the request may have been received is an unknown outcome.
   */
  async function call(
    url: string,
    init: RequestInit,
    deadline?: number,
    mayAct = false,
  ): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(url, { ...init, signal: signalFor(deadline) });
    } catch (error) {
      const name = (error as Error).name;
      if (name === 'TimeoutError' || name === 'AbortError') {
        throw new PaymentGatewayError('The payment gateway did not answer in time.', undefined, {
          outcomeUnknown: mayAct,
        });
      }
      const code = ((error as Error).cause as { code?: unknown } | undefined)?.code;
      throw new PaymentGatewayError('The payment gateway could not be reached.', undefined, {
        outcomeUnknown: mayAct && !NOT_SENT_CODES.has(String(code)),
      });
    }
    let text: string;
    try {
      text = await response.text();
    } catch {
      throw new PaymentGatewayError('The payment gateway did not answer in time.', undefined, {
        outcomeUnknown: mayAct,
      });
    }
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    if (!response.ok) {
      const message = (body as { message?: unknown } | undefined)?.message;
      throw new PaymentGatewayError(
        typeof message === 'string' && message.trim()
          ? `Payment gateway error: ${message.trim().slice(0, 200)}`
          : `Payment gateway error (HTTP ${response.status}).`,
        response.status,
      );
    }
    return body;
  }

  async function fetchToken(deadline?: number): Promise<CachedToken> {
    const form = new URLSearchParams({
      client_id: options.clientId,
      client_version: options.clientVersion,
      client_secret: options.clientSecret,
      grant_type: 'client_credentials',
    });
    const body = await call(
      `${hosts.auth}/v1/oauth/token`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: form.toString(),
      },
      deadline,
    );
    const parsed = tokenAnswerSchema.safeParse(body);
    if (!parsed.success) {
      throw new PaymentGatewayError('The payment gateway sent an unreadable token answer.');
    }
    return {
      value: parsed.data.access_token,
      expiresAt: parsed.data.expires_at,
    };
  }

  async function token(deadline?: number): Promise<CachedToken> {
    if (cached && cached.expiresAt - margin > now() / 1000) return cached;
    inFlight ??= fetchToken(deadline).finally(() => {
      inFlight = undefined;
    });
    cached = await inFlight;
    return cached;
  }

  /** An authorised API call; a 401 means our token went stale early, so fetch one and retry once. */
  async function authorised(
    url: string,
    init: RequestInit,
    deadline?: number,
    mayAct = false,
  ): Promise<unknown> {
    for (let attempt = 0; ; attempt++) {
      const current = await token(deadline);
      try {
        return await call(
          url,
          {
            ...init,
            headers: {
              accept: 'application/json',
              ...init.headers,
              authorization: `O-Bearer ${current.value}`,
            },
          },
          deadline,
          mayAct,
        );
      } catch (error) {
        if (attempt === 0 && error instanceof PaymentGatewayError && error.status === 401) {
          if (cached === current) cached = undefined;
          continue;
        }
        throw error;
      }
    }
  }

  return {
    name: 'phonepe',

    async startPayment(
      input: StartPaymentInput,
      { deadline }: { deadline?: number } = {},
    ): Promise<StartedPayment> {
      const body = await authorised(
        `${hosts.pg}/checkout/v2/pay`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            merchantOrderId: input.merchantOrderId,
            amount: input.amountPaise,
            expireAfter,
            metaInfo: { udf1: input.plan },
            paymentFlow: {
              type: 'PG_CHECKOUT',
              message: `CareCode ${input.plan} plan`,
              merchantUrls: { redirectUrl: input.returnUrl },
            },
          }),
        },
        deadline,
        true,
      );
      const parsed = payAnswerSchema.safeParse(body);
      if (!parsed.success) {
        throw new PaymentGatewayError('The payment gateway answered without a checkout address.');
      }
      return { redirectUrl: parsed.data.redirectUrl, gatewayOrderId: parsed.data.orderId };
    },

    async fetchStatus(
      merchantOrderId: string,
      { deadline }: { deadline?: number } = {},
    ): Promise<GatewayOrderStatus> {
      const body = await authorised(
        `${hosts.pg}/checkout/v2/order/${encodeURIComponent(merchantOrderId)}/status?details=false`,
        { method: 'GET' },
        deadline,
      );
      const parsed = statusAnswerSchema.safeParse(body);
      if (!parsed.success) {
        throw new PaymentGatewayError('The payment gateway sent an unreadable status answer.');
      }
      const data = parsed.data;
      const failure =
        data.detailedErrorCode ??
        data.errorCode ??
        data.paymentDetails?.find((detail) => detail.errorCode)?.errorCode;
      return {
        state: data.state,
        amountPaise: data.amount,
        gatewayOrderId: data.orderId,
        failureMessage: failure,
      };
    },
  };
}
