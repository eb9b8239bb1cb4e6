import {
  activePaidPlan,
  extendedPlanEnd,
  isSubscriptionPlan,
  planRank,
  planTypes,
  type BillingPeriod,
  type PlanType,
} from '@carecode/domain/plans/plans';
import { and, asc, desc, eq, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders, users } from '../../db/schema/index.ts';

export type OrderRow = typeof orders.$inferSelect;

export function createPaymentsRepository(db: Db) {
  return {
    async insert(order: {
      merchantOrderId: string;
      userId: string;
      plan: PlanType;
      billingPeriod: BillingPeriod | null;
      amountPaise: number;
      createdAt: Date;
      nextCheckAt: Date;
    }): Promise<OrderRow> {
      const [row] = await db.insert(orders).values(order).returning();
      return row;
    },

    async findById(merchantOrderId: string): Promise<OrderRow | undefined> {
      const [row] = await db
        .select()
        .from(orders)
        .where(eq(orders.merchantOrderId, merchantOrderId))
        .limit(1);
      return row;
    },

    /** The order only when it belongs to this user: another user's order looks missing. */
    async findForOwner(merchantOrderId: string, userId: string): Promise<OrderRow | undefined> {
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.merchantOrderId, merchantOrderId), eq(orders.userId, userId)))
        .limit(1);
      return row;
    },

    async listForUser(userId: string): Promise<OrderRow[]> {
      return db
        .select()
        .from(orders)
        .where(eq(orders.userId, userId))
        .orderBy(desc(orders.createdAt), desc(orders.merchantOrderId));
    },

    /**
     * Claims up to `limit` PENDING orders whose check is due at `now`, leasing them until
     * `leaseUntil` (so another replica, or a slow check, does not take them meanwhile). Rows
     * another transaction holds are skipped, so replicas share the work without waiting.
     */
    async claimDueChecks(now: Date, leaseUntil: Date, limit: number): Promise<OrderRow[]> {
      const due = db
        .select({ id: orders.merchantOrderId })
        .from(orders)
        .where(and(eq(orders.status, 'PENDING'), lte(orders.nextCheckAt, now)))
        .orderBy(asc(orders.nextCheckAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      return db
        .update(orders)
        .set({ nextCheckAt: leaseUntil })
        .where(inArray(orders.merchantOrderId, due))
        .returning();
    },

    /** The next check of a PENDING order (nothing when it has settled meanwhile). */
    async setNextCheck(merchantOrderId: string, at: Date): Promise<void> {
      await db
        .update(orders)
        .set({ nextCheckAt: at })
        .where(and(eq(orders.merchantOrderId, merchantOrderId), eq(orders.status, 'PENDING')));
    },

    async setGatewayOrderId(merchantOrderId: string, gatewayOrderId: string): Promise<void> {
      await db
        .update(orders)
        .set({ gatewayOrderId, updatedAt: sql`now()` })
        .where(eq(orders.merchantOrderId, merchantOrderId));
    },

    /** PENDING → FAILED with a reason; undefined when the order had already left PENDING. */
    async markFailed(merchantOrderId: string, message: string): Promise<OrderRow | undefined> {
      const [row] = await db
        .update(orders)
        .set({ status: 'FAILED', failureMessage: message, updatedAt: sql`now()` })
        .where(and(eq(orders.merchantOrderId, merchantOrderId), eq(orders.status, 'PENDING')))
        .returning();
      return row;
    },

    /**
     * Marks the order COMPLETED and grants its plan, in one transaction. The conditional update
     * lets exactly one caller win however many polls and webhooks race (PostgreSQL re-checks the
     * WHERE after waiting on the row lock); only the winner touches the user. A FAILED order may
     * still complete: the gateway has the last word on whether money was taken.
     *
     * Basic raises the plan owned for good. Premium or Business adds one period at `at`: from
     * the old end while a paid plan still runs (paying early loses nothing; a Business upgrade
     * during Premium starts at once and keeps the Premium days paid for), else from `at`; the
     * paid plan becomes the higher of the running one and the bought one.
     */
    async complete(
      merchantOrderId: string,
      gatewayOrderId: string | undefined,
      at: Date,
    ): Promise<{ order: OrderRow; granted: true } | { granted: false }> {
      return db.transaction(async (tx) => {
        const [order] = await tx
          .update(orders)
          .set({
            status: 'COMPLETED',
            planGrantedAt: sql`now()`,
            updatedAt: sql`now()`,
            failureMessage: null,
            ...(gatewayOrderId ? { gatewayOrderId } : {}),
          })
          .where(
            and(
              eq(orders.merchantOrderId, merchantOrderId),
              ne(orders.status, 'COMPLETED'),
              isNull(orders.planGrantedAt),
            ),
          )
          .returning();
        if (!order) return { granted: false as const };
        // An erased account's order (user_id null) completes with nobody to grant it to.
        const buyer = order.userId;
        if (!buyer) return { order, granted: true as const };
        if (isSubscriptionPlan(order.plan) && order.billingPeriod) {
          const [holder] = await tx
            .select({
              plan: users.plan,
              paidPlan: users.paidPlan,
              planExpiresAt: users.planExpiresAt,
            })
            .from(users)
            .where(eq(users.id, buyer))
            .for('update');
          if (holder) {
            const running = activePaidPlan(holder, at.getTime());
            const paidPlan =
              running && planRank[running.plan] > planRank[order.plan]
                ? (running.plan as 'PREMIUM' | 'BUSINESS')
                : order.plan;
            await tx
              .update(users)
              .set({
                paidPlan,
                paidPeriod: order.billingPeriod,
                planExpiresAt: extendedPlanEnd(
                  running?.expiresAt ?? null,
                  order.billingPeriod,
                  at.getTime(),
                ),
              })
              .where(eq(users.id, buyer));
          }
          return { order, granted: true as const };
        }
        const lower = planTypes.filter((plan) => planRank[plan] < planRank[order.plan]);
        if (lower.length) {
          await tx
            .update(users)
            .set({ plan: order.plan })
            .where(and(eq(users.id, buyer), inArray(users.plan, lower)));
        }
        return { order, granted: true as const };
      });
    },
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
