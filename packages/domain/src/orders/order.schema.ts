import { z } from 'zod';
import { requiredOrInvalid, strictObject } from '../qr-codes/fields.schema.ts';
import { billingPeriods, isSubscriptionPlan, planTypes } from '../plans/plans.ts';
import { fieldMessage } from '../errors/field-messages.ts';

export const planTypeSchema = z.enum(planTypes, { error: requiredOrInvalid });

export const billingPeriodSchema = z.enum(billingPeriods, { error: requiredOrInvalid });

/**
 * Body of the checkout call; the server sets the amount from the plan table. Premium and
 * Business are paid per period (`billingPeriod` required); Basic is one-time (none allowed).
 */
export const createOrderInputSchema = strictObject({
  planType: planTypeSchema,
  billingPeriod: billingPeriodSchema.optional(),
}).superRefine((input, ctx) => {
  if (input.planType === 'FREE') return;
  const isSubscription = isSubscriptionPlan(input.planType);
  if (isSubscription && input.billingPeriod === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['billingPeriod'],
      message: fieldMessage('BILLING_PERIOD_REQUIRED'),
    });
  } else if (!isSubscription && input.billingPeriod !== undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['billingPeriod'],
      message: fieldMessage('BILLING_PERIOD_ONE_TIME'),
    });
  }
});
export type CreateOrderInput = z.infer<typeof createOrderInputSchema>;

/** Answer of the checkout call: where to send the browser (spec §7 `redirectUrl`) and the order id. */
export const createOrderAnswerSchema = z.object({
  redirectUrl: z.string(),
  merchantOrderId: z.string(),
});
export type CreateOrderAnswer = z.infer<typeof createOrderAnswerSchema>;

export const orderStates = ['PENDING', 'COMPLETED', 'FAILED'] as const;
export const orderStateSchema = z.enum(orderStates);
export type OrderState = z.infer<typeof orderStateSchema>;

export const merchantOrderIdSchema = z
  .string({ error: requiredOrInvalid })
  .regex(/^[A-Za-z0-9_-]{1,63}$/, 'Invalid value');

/** One row of `GET /user/orders`; `amount` is in paise. */
export const orderSchema = z.object({
  merchantOrderId: z.string(),
  planType: z.enum(planTypes),
  /** Premium and Business: the period paid for; null for one-time plans. */
  billingPeriod: z.enum(billingPeriods).nullable(),
  orderStatus: orderStateSchema,
  amount: z.number().int().nonnegative(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Order = z.infer<typeof orderSchema>;

export const orderListSchema = z.array(orderSchema);

/** The order's state, and its plan (so a payment that did not go through can be tried again). */
export const orderStatusAnswerSchema = z.object({
  state: orderStateSchema,
  planType: planTypeSchema.optional(),
  billingPeriod: z.enum(billingPeriods).nullish(),
});
export type OrderStatusAnswer = z.infer<typeof orderStatusAnswerSchema>;
