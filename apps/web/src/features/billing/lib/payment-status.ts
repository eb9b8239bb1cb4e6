/** Spec §4 Payment status: a message and a kind for every order state. */
export type PaymentStatusKind = 'pending' | 'success' | 'error' | 'other';

export interface PaymentStatusView {
  messageKey: 'checking' | 'success' | 'failed' | 'pending' | 'unknown';
  kind: PaymentStatusKind;
}

export function paymentStatusView(state: string | undefined): PaymentStatusView {
  switch (state) {
    case undefined:
      return { messageKey: 'checking', kind: 'pending' };
    case 'COMPLETED':
      return { messageKey: 'success', kind: 'success' };
    case 'FAILED':
      return { messageKey: 'failed', kind: 'error' };
    case 'PENDING':
      return { messageKey: 'pending', kind: 'pending' };
    default:
      return { messageKey: 'unknown', kind: 'other' };
  }
}

/** Seconds between the first status and the redirect to /pricing?refresh=true (spec §9). */
export const REDIRECT_SECONDS = 5;
export const AFTER_PAYMENT_PATH = '/pricing?refresh=true';
