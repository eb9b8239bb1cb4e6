import type { Order, OrderStatusAnswer } from '@carecode/domain/orders/order.schema';
import {
  canUpgradeTo,
  isSubscriptionPlan,
  planFromGroups,
  planRank,
  purchaseAmountPaise,
  type BillingPeriod,
  type PlanType,
} from '@carecode/domain/plans/plans';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import { nextCheckAt } from './reconciliation.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { PaymentsRepository, OrderRow } from './payments.repository.ts';
import {
  PaymentGatewayError,
  type GatewayOrderStatus,
  type PaymentGateway,
} from './gateways/payment-gateway.ts';

/** Stored when a gateway failure carries no message of its own (spec §8). */
export const PAYMENT_ERROR = 'Payment error';
export const AMOUNT_MISMATCH = 'Payment amount mismatch';
export const PAYMENT_EXPIRED = 'Payment expired';
/** Stored when the gateway could not be asked about an expired order for an hour. */
export const PAYMENT_EXPIRED_UNCONFIRMED = 'Payment expired; the gateway could not confirm it';

/**
 * The checkout page gives up after 10 s: the gateway calls of create-order (token and order)
 * share a budget that ends well before, so the page always gets the server's answer.
 */
export const CREATE_ORDER_BUDGET_MS = 8000;
/** One status question (token included), from the status page, Order History or the reconciler. */
export const STATUS_BUDGET_MS = 5000;
/** A PhonePe checkout lives 20 minutes (expireAfter); a minute's grace, then it has expired. */
export const ORDER_EXPIRY_MS = 21 * 60_000;
/**
 * Past the expiry, a gateway that cannot be asked is asked again each minute for this long: the
 * payer may have paid, so the order is not written off while nobody can tell.
 */
export const UNCONFIRMED_GRACE_MS = 60 * 60_000;
/** Pending orders re-checked when Order History opens (each in parallel, within the budget). */
export const LIST_RECHECK_LIMIT = 3;

/** `CC<time>_<128 random bits>`: unique, ≤ 63 characters of letters, digits, `_` and `-`. */
export function newMerchantOrderId(): string {
  return `CC${Date.now().toString(36).toUpperCase()}_${newId()}`;
}

export const paymentStatusUrl = (publicUrl: string, merchantOrderId: string) =>
  `${publicUrl}/payment-status?merchantOrderId=${encodeURIComponent(merchantOrderId)}`;

const toOrder = (row: OrderRow): Order => ({
  merchantOrderId: row.merchantOrderId,
  planType: row.plan,
  billingPeriod: row.billingPeriod,
  orderStatus: row.status,
  amount: row.amountPaise,
  createdAt: row.createdAt.toISOString(),
});

export function createPaymentsService(deps: {
  repository: PaymentsRepository;
  gateway: PaymentGateway;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** Milliseconds since the epoch; replaceable so tests can move time. */
  now?: () => number;
}) {
  const { repository, gateway, log } = deps;
  const now = deps.now ?? (() => Date.now());

  /**
   * Asks the gateway about a PENDING order (within the status budget) and applies the answer;
   * its failure keeps PENDING. `saysUnpaid`: the gateway said the order is not paid (a state
   * other than COMPLETED, or no such order), as opposed to no answer at all.
   */
  async function ask(order: OrderRow): Promise<{ order: OrderRow; saysUnpaid: boolean }> {
    try {
      const status = await gateway.fetchStatus(order.merchantOrderId, {
        deadline: Date.now() + STATUS_BUDGET_MS,
      });
      return {
        order: status ? await applyGatewayStatus(order, status) : order,
        saysUnpaid: status?.state !== 'COMPLETED',
      };
    } catch (error) {
      log.warn(
        { merchantOrderId: order.merchantOrderId, err: error },
        'payment status could not be fetched',
      );
      const isUnknownThere =
        error instanceof PaymentGatewayError && (error.status === 400 || error.status === 404);
      return { order, saysUnpaid: isUnknownThere };
    }
  }

  const recheck = async (order: OrderRow) => (await ask(order)).order;

  /**
   * Applies what the gateway said. COMPLETED grants the plan once, and only when the amount is
   * the order's own; a different amount grants nothing, is logged for reconciliation, and the
   * order becomes FAILED with 'Payment amount mismatch' (so the payer is not left polling).
   */
  async function applyGatewayStatus(
    order: OrderRow,
    status: GatewayOrderStatus,
  ): Promise<OrderRow> {
    const id = order.merchantOrderId;
    if (status.state === 'COMPLETED') {
      if (status.amountPaise === undefined) {
        log.warn({ merchantOrderId: id }, 'completion without an amount: plan not granted yet');
      } else if (status.amountPaise !== order.amountPaise) {
        log.error(
          {
            merchantOrderId: id,
            expectedPaise: order.amountPaise,
            reportedPaise: status.amountPaise,
          },
          'payment amount mismatch: plan not granted',
        );
        await repository.markFailed(id, AMOUNT_MISMATCH);
      } else {
        const result = await repository.complete(id, status.gatewayOrderId, new Date(now()));
        if (result.granted) {
          log.info(
            { merchantOrderId: id, userId: order.userId, plan: order.plan },
            'payment completed: plan granted',
          );
        }
      }
    } else if (status.state === 'FAILED') {
      await repository.markFailed(id, status.failureMessage || 'Payment failed');
    }
    return (await repository.findById(id)) ?? order;
  }

  return {
    applyGatewayStatus,

    /**
     * Starts a payment: Basic once (no period), Premium or Business for one period (the schema
     * has checked the combination). The amount comes from the plan table, never the client.
     */
    async createOrder(user: AuthUser, plan: PlanType, billingPeriod?: BillingPeriod) {
      if (plan === 'FREE') throw new AppError('FREE_NEEDS_NO_PAYMENT');
      const amountPaise = purchaseAmountPaise(plan, billingPeriod);
      if (amountPaise === undefined) throw new AppError('BAD_REQUEST');
      // An external provider's token may carry groups: 'basic' counts as owned for good, a paid
      // plan's group as in force.
      const fromGroups = planFromGroups(user.groups);
      const higher = (a: PlanType, b: PlanType) => (planRank[a] >= planRank[b] ? a : b);
      const owned = isSubscriptionPlan(fromGroups)
        ? user.ownedPlan
        : higher(user.ownedPlan, fromGroups);
      const inForce = higher(user.plan, fromGroups);
      if (!canUpgradeTo(inForce, plan, owned)) {
        if (isSubscriptionPlan(plan) && planRank[owned] < planRank[plan]) {
          throw new AppError('PLAN_HIGHER_ACTIVE', { params: { plan: inForce } });
        }
        throw new AppError('PLAN_ALREADY_OWNED');
      }
      const merchantOrderId = newMerchantOrderId();
      const createdAt = new Date(now());
      await repository.insert({
        merchantOrderId,
        userId: user.id,
        plan,
        billingPeriod: isSubscriptionPlan(plan) ? (billingPeriod ?? null) : null,
        amountPaise,
        createdAt,
        nextCheckAt: nextCheckAt(createdAt, createdAt),
      });
      try {
        const started = await gateway.startPayment(
          {
            merchantOrderId,
            amountPaise,
            plan,
            returnUrl: paymentStatusUrl(deps.publicUrl, merchantOrderId),
          },
          { deadline: Date.now() + CREATE_ORDER_BUDGET_MS },
        );
        if (started.gatewayOrderId) {
          await repository.setGatewayOrderId(merchantOrderId, started.gatewayOrderId);
        }
        return { redirectUrl: started.redirectUrl, merchantOrderId };
      } catch (error) {
        if (error instanceof PaymentGatewayError && error.outcomeUnknown) {
          // The gateway may have started the payment all the same: the reconciler settles it.
          log.warn({ merchantOrderId, err: error }, 'payment start unanswered: left pending');
        } else {
          const message =
            error instanceof PaymentGatewayError && error.message ? error.message : PAYMENT_ERROR;
          await repository.markFailed(merchantOrderId, message);
          log.warn({ merchantOrderId, err: error }, 'payment could not be started');
        }
        throw error instanceof PaymentGatewayError ? error : new PaymentGatewayError(PAYMENT_ERROR);
      }
    },

    /** The owner's order state; while PENDING the gateway is asked (its failure keeps PENDING). */
    async orderStatus(userId: string, merchantOrderId: string): Promise<OrderStatusAnswer> {
      let order = await repository.findForOwner(merchantOrderId, userId);
      if (!order) throw new AppError('ORDER_NOT_FOUND');
      if (order.status === 'PENDING') order = await recheck(order);
      return {
        state: order.status,
        planType: order.plan,
        ...(order.billingPeriod ? { billingPeriod: order.billingPeriod } : {}),
      };
    },

    /** The owner's orders; the newest few still PENDING are asked about first. */
    async listOrders(userId: string): Promise<Order[]> {
      let rows = await repository.listForUser(userId);
      const pending = rows.filter((row) => row.status === 'PENDING').slice(0, LIST_RECHECK_LIMIT);
      if (pending.length) {
        const rechecked = new Map(
          (await Promise.all(pending.map(recheck))).map((row) => [row.merchantOrderId, row]),
        );
        rows = rows.map((row) => rechecked.get(row.merchantOrderId) ?? row);
      }
      return rows.map(toOrder);
    },

    /**
     * The background check of a PENDING order (no browser needed): the gateway is asked; an
     * order still pending gets its next check on the schedule, or, once its checkout has
     * expired and the gateway has said it is not paid, becomes FAILED. A gateway that cannot be
     * asked past the expiry is asked again each minute, for an hour, before the order is failed.
     */
    async reconcile(order: OrderRow, at: Date): Promise<OrderRow> {
      const { order: checked, saysUnpaid } = await ask(order);
      if (checked.status !== 'PENDING') return checked;
      const age = at.getTime() - order.createdAt.getTime();
      const isExpired = age >= ORDER_EXPIRY_MS;
      if (isExpired && (saysUnpaid || age >= ORDER_EXPIRY_MS + UNCONFIRMED_GRACE_MS)) {
        const reason = saysUnpaid ? PAYMENT_EXPIRED : PAYMENT_EXPIRED_UNCONFIRMED;
        if (await repository.markFailed(order.merchantOrderId, reason)) {
          if (saysUnpaid) log.info({ merchantOrderId: order.merchantOrderId }, 'payment expired');
          else log.error({ merchantOrderId: order.merchantOrderId }, `${reason}: check it by hand`);
        }
        return (await repository.findById(order.merchantOrderId)) ?? checked;
      }
      await repository.setNextCheck(order.merchantOrderId, nextCheckAt(order.createdAt, at));
      return checked;
    },

    /** Claims the orders due for a check (see the repository) for `reconcile`. */
    claimDueChecks: (at: Date, leaseUntil: Date, limit: number) =>
      repository.claimDueChecks(at, leaseUntil, limit),

    /**
     * A gateway callback about an order. Unknown orders are only logged; a completion that does
     * not say its amount is checked against the gateway's status call before anything is granted.
     */
    async handleCallback(merchantOrderId: string, state: string, amountPaise?: number) {
      const order = await repository.findById(merchantOrderId);
      if (!order) {
        log.warn({ merchantOrderId }, 'payment callback for an unknown order ignored');
        return;
      }
      if (order.status === 'COMPLETED') return;
      if (state === 'COMPLETED' && amountPaise === undefined) {
        const status = await gateway.fetchStatus(merchantOrderId, {
          deadline: Date.now() + STATUS_BUDGET_MS,
        });
        if (status) await applyGatewayStatus(order, status);
        return;
      }
      await applyGatewayStatus(order, { state, amountPaise });
    },

    findOrder: (merchantOrderId: string) => repository.findById(merchantOrderId),
    markFailed: (merchantOrderId: string, message: string) =>
      repository.markFailed(merchantOrderId, message),
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
