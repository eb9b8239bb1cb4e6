import type { PlanType } from '@carecode/domain/plans/plans';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

/** A reminder due: the account, its paid plan and end, and which reminder (7 or 1 days). */
export interface DueReminder {
  userId: string;
  email: string;
  language: string;
  ownedPlan: PlanType;
  paidPlan: 'PREMIUM' | 'BUSINESS';
  paidPeriod: 'MONTHLY' | 'YEARLY' | null;
  expiresAt: Date;
  days: 7 | 1;
}

export function createPlanRemindersRepository(db: Db) {
  return {
    /**
     * Claims up to `limit` accounts with a reminder due at `now` (the 1-day one from a day before
     * the end, the 7-day one from seven days before, each once per plan end), leasing them until
     * `leaseUntil` so another replica (or the next round, while a mail is still being sent) does
     * not take them; a crash frees them when the lease runs out. When both are due (the server was
     * down), only the 1-day reminder is sent.
     */
    async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<DueReminder[]> {
      const at = now.toISOString();
      const rows = await queryRows<{
        id: string;
        email: string;
        language: string;
        plan: PlanType;
        paid_plan: 'PREMIUM' | 'BUSINESS';
        paid_period: 'MONTHLY' | 'YEARLY' | null;
        plan_expires_at: Date | string;
        one_day: boolean;
      }>(
        db,
        sql`update users u set reminder_lease_until = ${leaseUntil.toISOString()}::timestamptz
            where u.id in (
              select id from users
              where plan_expires_at > ${at}::timestamptz
                and paid_plan is not null and email is not null
                and (reminder_lease_until is null or reminder_lease_until <= ${at}::timestamptz)
                and ((plan_expires_at - interval '1 day' <= ${at}::timestamptz
                      and reminder_1_sent_for is distinct from plan_expires_at)
                  or (plan_expires_at - interval '7 days' <= ${at}::timestamptz
                      and reminder_7_sent_for is distinct from plan_expires_at))
              order by plan_expires_at
              limit ${limit}
              for update skip locked)
            returning u.id, u.email, u.language, u.plan, u.paid_plan, u.paid_period,
                      u.plan_expires_at,
                      u.plan_expires_at - interval '1 day' <= ${at}::timestamptz as one_day`,
      );
      return rows.map((row) => ({
        userId: row.id,
        email: row.email,
        language: row.language,
        ownedPlan: row.plan,
        paidPlan: row.paid_plan,
        paidPeriod: row.paid_period,
        expiresAt: new Date(row.plan_expires_at),
        days: row.one_day ? 1 : 7,
      }));
    },

    /**
     * Records the reminder as sent for this plan end and frees the lease (a 1-day reminder also
     * settles the 7-day one); nothing when the plan was renewed meanwhile (a new end gets its own).
     */
    async markSent(reminder: DueReminder): Promise<void> {
      const end = reminder.expiresAt.toISOString();
      await db.execute(
        reminder.days === 1
          ? sql`update users set reminder_1_sent_for = plan_expires_at,
                  reminder_7_sent_for = plan_expires_at, reminder_lease_until = null
                where id = ${reminder.userId} and plan_expires_at = ${end}::timestamptz`
          : sql`update users set reminder_7_sent_for = plan_expires_at, reminder_lease_until = null
                where id = ${reminder.userId} and plan_expires_at = ${end}::timestamptz`,
      );
    },
  };
}

export type PlanRemindersRepository = ReturnType<typeof createPlanRemindersRepository>;
