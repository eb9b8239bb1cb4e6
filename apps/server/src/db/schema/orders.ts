import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const orders = pgTable(
  'orders',
  {
    merchantOrderId: text('merchant_order_id').primaryKey(),
    /** Null once the person erased their account: the order stays for the tax records only. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    plan: text('plan', { enum: ['FREE', 'BASIC', 'PREMIUM', 'BUSINESS'] }).notNull(),
    /** Premium and Business: the period paid for (null: a one-time plan). */
    billingPeriod: text('billing_period', { enum: ['MONTHLY', 'YEARLY'] }),
    amountPaise: integer('amount_paise').notNull(),
    status: text('status', { enum: ['PENDING', 'COMPLETED', 'FAILED'] })
      .notNull()
      .default('PENDING'),
    gatewayOrderId: text('gateway_order_id'),
    failureMessage: text('failure_message'),
    planGrantedAt: timestamp('plan_granted_at', { withTimezone: true }),
    /** When the reconciler next asks the gateway about this PENDING order. */
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_pending_check_idx')
      .on(t.nextCheckAt)
      .where(sql`${t.status} = 'PENDING'`),
  ],
);
