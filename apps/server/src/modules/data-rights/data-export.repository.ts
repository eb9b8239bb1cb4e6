import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

type Row = Record<string, unknown>;

/**
 * Everything stored about one account, table by table, each row found through the account (its
 * id, its QR codes): nothing of anyone else's. Secrets (password hashes, one-time link hashes,
 * push keys) are left out: they are not personal data a person can use, and they open the account.
 */
export function createDataExportRepository(db: Db) {
  const rows = (statement: ReturnType<typeof sql>) => queryRows<Row>(db, statement);
  return {
    async collect(userId: string) {
      const [account] = await rows(
        sql`select id, email, email_verified, phone, plan, paid_plan, paid_period, plan_expires_at,
                   language, alert_push, alert_email, quiet_start, quiet_end, created_at
            from users where id = ${userId}`,
      );
      const [qrCodes, qrAlertPreferences, guardians, scans, orders, profile, pushSubscriptions] =
        await Promise.all([
          rows(sql`select id, type, status, is_public, details, lost_at, lost_message, created_at,
                        updated_at
                 from qr_codes where owner_id = ${userId} order by created_at, id`),
          rows(sql`select p.qr_id, p.push, p.email from qr_alert_preferences p
                 join qr_codes q on q.id = p.qr_id where q.owner_id = ${userId}`),
          rows(sql`select g.id, g.qr_id, g.email, g.language, g.confirmed_at, g.created_at
                 from guardians g join qr_codes q on q.id = g.qr_id
                 where q.owner_id = ${userId} order by g.created_at, g.id`),
          rows(sql`select id, qr_id, scanned_at, device_info, latitude, longitude, gps_enabled
                 from scans where owner_id = ${userId} order by scanned_at, id`),
          rows(sql`select merchant_order_id, plan, billing_period, amount_paise, status, failure_message,
                        plan_granted_at, created_at, updated_at
                 from orders where user_id = ${userId} order by created_at`),
          rows(sql`select public_id, data, updated_at from profiles where user_id = ${userId}`),
          rows(sql`select endpoint, created_at from push_subscriptions where user_id = ${userId}
                 order by created_at`),
        ]);
      return {
        account,
        qrCodes,
        qrAlertPreferences,
        guardians,
        scans,
        orders,
        profile: profile[0] ?? null,
        pushSubscriptions,
      };
    },
  };
}
