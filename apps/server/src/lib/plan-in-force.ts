import { effectivePlan, type PlanType } from '@carecode/domain/plans/plans';

/** A raw row's plan columns: raw queries select `u.plan, u.paid_plan, u.plan_expires_at`. */
export type RawPlanColumns = {
  plan: PlanType;
  paid_plan: PlanType | null;
  plan_expires_at: Date | string | null;
};

/**
 * The plan in force for a raw row, at `at` (now by default): the domain's `effectivePlan`, the
 * one rule for every limit. Computed here rather than in SQL so the clock is the process's own
 * (tests move it with fake timers).
 */
export function planInForce(row: RawPlanColumns, at = Date.now()): PlanType {
  return effectivePlan(
    {
      plan: row.plan,
      paidPlan: row.paid_plan,
      planExpiresAt: row.plan_expires_at === null ? null : new Date(row.plan_expires_at),
    },
    at,
  );
}
