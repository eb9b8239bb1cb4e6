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
      const [
        qrCodes,
        qrAlertPreferences,
        guardians,
        scans,
        orders,
        profile,
        pushSubscriptions,
        consents,
        calls,
        conversations,
        organizations,
        organizationActions,
      ] = await Promise.all([
        rows(sql`select id, type, status, is_public, details, lost_at, lost_message,
                        organization_id, created_at, updated_at
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
        rows(sql`select c.id, c.kind, c.text_version, c.granted, c.recorded_at, c.scan_id, c.qr_id
                 from consents c
                 where c.user_id = ${userId}
                    or c.scan_id in (select id from scans where owner_id = ${userId})
                 order by c.recorded_at, c.id`),
        rows(sql`select id, scan_id, qr_id, contact, status, duration_seconds, scanner_last2,
                        created_at
                 from calls where owner_id = ${userId} order by created_at, id`),
        rows(sql`select c.id, c.scan_id, c.qr_id, c.blocked_at, c.created_at,
                        coalesce(json_agg(json_build_object(
                          'id', m.id, 'sender', m.sender, 'text', m.text,
                          'hasPhoto', m.photo is not null, 'createdAt', m.created_at)
                          order by m.created_at, m.id) filter (where m.id is not null), '[]')
                          as messages
                 from conversations c left join messages m on m.conversation_id = c.id
                 where c.owner_id = ${userId}
                 group by c.id order by c.created_at, c.id`),
        rows(sql`select o.id, o.name, m.role, m.joined_at
                 from organization_members m join organizations o on o.id = m.organization_id
                 where m.user_id = ${userId} order by m.joined_at, o.id`),
        rows(sql`select a.organization_id, a.action, a.target, a.data, a.at
                 from organization_audit a where a.actor_id = ${userId} order by a.id`),
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
        consents,
        calls,
        conversations,
        organizations,
        organizationActions,
      };
    },

    /** The scan history as rows for the CSV copy: oldest first, with the scanned code's kind. */
    scanHistory(userId: string) {
      return rows(
        sql`select s.id, s.qr_id, q.type as qr_type, s.scanned_at, s.device_info, s.latitude,
                   s.longitude
            from scans s left join qr_codes q on q.id = s.qr_id
            where s.owner_id = ${userId}
            order by s.scanned_at, s.id`,
      );
    },
  };
}
