import { paymentMessageKey } from '@carecode/domain/orders/payment-messages';
import type { TFunction } from 'i18next';

/** A payment call's English sentence in the reader's language (unknown texts pass through). */
export function translatePaymentMessage(t: TFunction<'billing'>, message: string): string {
  const key = paymentMessageKey(message);
  return key ? t(`serverMessages.${key}`) : message;
}
