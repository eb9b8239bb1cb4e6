import type { AlertPreferences, QrAlertPreferences } from '@carecode/domain/alerts/alert.schema';
import type { QrType } from '@carecode/domain/qr-codes/qr-code.schema';
import type { PlanType } from '@carecode/domain/plans/plans';
import { planInForce, type RawPlanColumns } from '../../lib/plan-in-force.ts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { newId } from '../../lib/ids.ts';
import { qrNameText } from '../scans/scans.sql.ts';

/** Devices a person may enable alerts on; enabling one more forgets the oldest. */
export const MAX_PUSH_SUBSCRIPTIONS = 10;

export interface GuardianRow extends Record<string, unknown> {
  id: string;
  email: string;
  confirmed_at: Date | null;
  created_at: Date;
}

/** What the owner sets: channels, quiet hours, guardians, lost mode; and the language mails use. */
export function createAlertSettingsRepository(db: Db) {
  return {
    async setLanguage(userId: string, language: string): Promise<void> {
      await db.execute(
        sql`update users set language = ${language} where id = ${userId} and language <> ${language}`,
      );
    },

    /** Stores a device's subscription for this person (moving it from anyone who had it). */
    async saveSubscription(
      userId: string,
      input: { endpoint: string; p256dh: string; auth: string; expiresAt: Date | null },
    ): Promise<void> {
      await db.execute(sql`
        insert into push_subscriptions (id, user_id, endpoint, p256dh, auth, expires_at)
        values (${newId()}, ${userId}, ${input.endpoint}, ${input.p256dh}, ${input.auth},
                ${input.expiresAt?.toISOString() ?? null}::timestamptz)
        on conflict (endpoint) do update
        set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth,
            expires_at = excluded.expires_at, created_at = now()`);
      await db.execute(sql`
        delete from push_subscriptions where user_id = ${userId} and id not in (
          select id from push_subscriptions where user_id = ${userId}
          order by created_at desc limit ${MAX_PUSH_SUBSCRIPTIONS})`);
    },

    async deleteSubscription(userId: string, endpoint: string): Promise<boolean> {
      const rows = await queryRows<{ id: string }>(
        db,
        sql`delete from push_subscriptions where user_id = ${userId} and endpoint = ${endpoint}
            returning id`,
      );
      return rows.length > 0;
    },

    async preferences(userId: string): Promise<AlertPreferences> {
      const [row] = await queryRows<{
        alert_push: boolean;
        alert_email: boolean;
        quiet_start: string | null;
        quiet_end: string | null;
      }>(
        db,
        sql`select alert_push, alert_email, quiet_start, quiet_end from users where id = ${userId}`,
      );
      return {
        push: row?.alert_push ?? true,
        email: row?.alert_email ?? true,
        quietHours:
          row?.quiet_start && row.quiet_end ? { start: row.quiet_start, end: row.quiet_end } : null,
      };
    },

    async setPreferences(userId: string, value: AlertPreferences): Promise<void> {
      await db.execute(sql`
        update users set alert_push = ${value.push}, alert_email = ${value.email},
               quiet_start = ${value.quietHours?.start ?? null},
               quiet_end = ${value.quietHours?.end ?? null}
        where id = ${userId}`);
    },

    /**
     * A QR with what its alert settings need (its owner's plan in force), or undefined when
     * missing. Callers check first that the reader may change it.
     */
    async settingsQr(
      qrId: string,
    ): Promise<{ id: string; name: string; type: QrType; plan: PlanType } | undefined> {
      const [row] = await queryRows<{ id: string; name: string; type: QrType } & RawPlanColumns>(
        db,
        sql`select q.id, ${sql.raw(qrNameText)} as name, q.type, u.plan, u.paid_plan, u.plan_expires_at
            from qr_codes q join users u on u.id = q.owner_id
            where q.id = ${qrId}`,
      );
      // The guardian limit follows the plan in force.
      return row && { id: row.id, name: row.name, type: row.type, plan: planInForce(row) };
    },

    async qrPreferences(qrId: string): Promise<QrAlertPreferences> {
      const [row] = await queryRows<{ push: boolean; email: boolean }>(
        db,
        sql`select push, email from qr_alert_preferences where qr_id = ${qrId}`,
      );
      return { push: row?.push ?? true, email: row?.email ?? true };
    },

    async setQrPreferences(qrId: string, value: QrAlertPreferences): Promise<void> {
      await db.execute(sql`
        insert into qr_alert_preferences (qr_id, push, email)
        values (${qrId}, ${value.push}, ${value.email})
        on conflict (qr_id) do update set push = excluded.push, email = excluded.email`);
    },

    async guardians(qrId: string): Promise<GuardianRow[]> {
      return queryRows<GuardianRow>(
        db,
        sql`select id, email, confirmed_at, created_at from guardians
            where qr_id = ${qrId} order by created_at, id`,
      );
    },

    /**
     * Adds a pending guardian when the QR has fewer than `limit` (counted under a lock on the
     * QR, so two invitations at once cannot pass it); answers the row, 'limit' or 'exists'.
     */
    async addGuardian(
      qrId: string,
      input: { email: string; language: string; tokenHash: string; expiresAt: Date },
      limit: number,
    ): Promise<GuardianRow | 'limit' | 'exists'> {
      return db.transaction(async (tx) => {
        const t = tx as unknown as Db;
        await t.execute(sql`select id from qr_codes where id = ${qrId} for update`);
        const [{ count, taken }] = await queryRows<{ count: number; taken: boolean }>(
          t,
          sql`select count(*)::int as count,
                     coalesce(bool_or(lower(email) = lower(${input.email})), false) as taken
              from guardians where qr_id = ${qrId}`,
        );
        if (taken) return 'exists';
        if (count >= limit) return 'limit';
        const [row] = await queryRows<GuardianRow>(
          t,
          sql`insert into guardians (id, qr_id, email, language, token_hash, token_expires_at)
              values (${newId()}, ${qrId}, ${input.email}, ${input.language}, ${input.tokenHash},
                      ${input.expiresAt.toISOString()}::timestamptz)
              returning id, email, confirmed_at, created_at`,
        );
        return row;
      });
    },

    async removeGuardian(qrId: string, guardianId: string): Promise<boolean> {
      const rows = await queryRows<{ id: string }>(
        db,
        sql`delete from guardians where qr_id = ${qrId} and id = ${guardianId} returning id`,
      );
      return rows.length > 0;
    },

    /** Confirms the guardian whose link this is (once, before it expires); answers the QR's name. */
    async confirmGuardian(
      tokenHash: string,
      language: string,
    ): Promise<{ qrName: string } | undefined> {
      const [row] = await queryRows<{ qr_name: string }>(
        db,
        sql`update guardians g set confirmed_at = now(), token_hash = null,
                   token_expires_at = null, language = ${language}
            from qr_codes q
            where g.token_hash = ${tokenHash} and g.token_expires_at > now() and q.id = g.qr_id
            returning ${sql.raw(qrNameText)} as qr_name`,
      );
      return row ? { qrName: row.qr_name } : undefined;
    },

    /** A guardian's one-click leave; answers the QR's name, or undefined when already gone. */
    async leaveAsGuardian(guardianId: string): Promise<{ qrName: string } | undefined> {
      const [row] = await queryRows<{ qr_name: string }>(
        db,
        sql`with gone as (delete from guardians where id = ${guardianId} returning qr_id)
            select ${sql.raw(qrNameText)} as qr_name from gone join qr_codes q on q.id = gone.qr_id`,
      );
      return row ? { qrName: row.qr_name } : undefined;
    },

    /** An organisation member's one-click stop: their e-mail alerts off, as the account switch. */
    async stopMemberEmails(userId: string): Promise<undefined> {
      await db.execute(sql`update users set alert_email = false where id = ${userId}`);
      return undefined;
    },

    /** The owner's one-click stop: e-mail alerts off for that QR. */
    async stopOwnerEmails(qrId: string): Promise<{ qrName: string } | undefined> {
      const [row] = await queryRows<{ qr_name: string }>(
        db,
        sql`with prefs as (
              insert into qr_alert_preferences (qr_id, push, email)
              select id, coalesce((select push from qr_alert_preferences where qr_id = ${qrId}), true), false
              from qr_codes where id = ${qrId}
              on conflict (qr_id) do update set email = false
              returning qr_id)
            select ${sql.raw(qrNameText)} as qr_name from prefs join qr_codes q on q.id = prefs.qr_id`,
      );
      return row ? { qrName: row.qr_name } : undefined;
    },

    /** Reports the QR lost since `at` (or keeps the earlier report's time), with `message`. */
    async setLost(
      qrId: string,
      message: string,
      at: Date,
    ): Promise<{ message: string; since: Date }> {
      const [row] = await queryRows<{ lost_message: string; lost_at: Date }>(
        db,
        sql`update qr_codes set lost_at = coalesce(lost_at, ${at.toISOString()}::timestamptz),
                   lost_message = ${message},
                   updated_at = now()
            where id = ${qrId} returning lost_message, lost_at`,
      );
      return { message: row.lost_message, since: new Date(row.lost_at) };
    },

    async clearLost(qrId: string): Promise<void> {
      await db.execute(
        sql`update qr_codes set lost_at = null, lost_message = null, updated_at = now()
            where id = ${qrId}`,
      );
    },
  };
}

export type AlertSettingsRepository = ReturnType<typeof createAlertSettingsRepository>;
