/**
 * Sentences the payment calls answer with (`{ message }`), shared so the web app can show them in
 * the reader's language: the key names the i18n text, the value is the server's English sentence.
 */
export const paymentMessages = {
  comingSoon: 'Coming soon',
  alreadyOnPlan: 'You already have this plan or a higher one.',
  freeNeedsNoPayment: 'The Free plan needs no payment.',
  gatewayUnavailable: 'The payment service is not available right now. Please try again later.',
  orderNotFound: 'Order not found.',
} as const;

export type PaymentMessageKey = keyof typeof paymentMessages;

/** The key of a known payment sentence, or undefined for any other text. */
export function paymentMessageKey(message: string): PaymentMessageKey | undefined {
  return (Object.keys(paymentMessages) as PaymentMessageKey[]).find(
    (key) => paymentMessages[key] === message,
  );
}
