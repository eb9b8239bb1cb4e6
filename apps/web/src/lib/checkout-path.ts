import {
  isSubscriptionPlan,
  type BillingPeriod,
  type PlanType,
} from '@carecode/domain/plans/plans';

/**
 * The checkout of a plan: `/checkout?plan=BASIC`, or with the period for Premium and Business
 * (`/checkout?plan=PREMIUM&period=yearly`): from the pricing cards, renewal mails and 'Retry
 * payment'.
 */
export const checkoutPath = (plan: PlanType, period?: BillingPeriod | null) =>
  isSubscriptionPlan(plan) && period
    ? `/checkout?plan=${plan}&period=${period.toLowerCase()}`
    : `/checkout?plan=${plan}`;

/** An order that did not go through (still pending, or failed) can be paid again. */
export const canRetryPayment = (state: string) => state === 'PENDING' || state === 'FAILED';
