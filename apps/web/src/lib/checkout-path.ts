import type { PlanType } from '@carecode/domain/plans/plans';

/** The checkout of a plan (`/checkout?plan=BASIC`): from the pricing cards and 'Retry payment'. */
export const checkoutPath = (plan: PlanType) => `/checkout?plan=${plan}`;

/** An order that did not go through (still pending, or failed) can be paid again. */
export const canRetryPayment = (state: string) => state === 'PENDING' || state === 'FAILED';
