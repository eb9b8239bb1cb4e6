import type { QrType } from '@carecode/domain/qr-codes/qr-code.schema';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { AlertKind } from '../../db/schema/alerts.ts';
import { queryRows } from '../../db/rows.ts';
import { qrNameText } from '../scans/scans.sql.ts';

/** An outbox row with what deciding its recipients needs (the QR, its owner, their settings). */
export interface ClaimedEvent extends Record<string, unknown> {
  id: number;
  kind: AlertKind;
  qr_id: string;
  scan_count: number;
  lost: boolean;
  occurred_at: Date;
  data: Record<string, unknown>;
  /** Null when the QR was deleted meanwhile. */
  qr_exists: boolean | null;
  qr_lost: boolean | null;
  email: string | null;
  email_verified: boolean | null;
  alert_push: boolean | null;
  alert_email: boolean | null;
  quiet_start: string | null;
  quiet_end: string | null;
  qr_push: boolean;
  qr_email: boolean;
  subscription_ids: string[];
  guardian_ids: string[];
  /** An organisation's code: its members other than the owner (jsonb). */
  members: EventMember[] | string | null;
}

/** A member of the code's organisation, with their own alert settings and devices. */
export interface EventMember {
  id: string;
  /** True when they have a confirmed address. */
  email: boolean;
  emailOn: boolean;
  pushOn: boolean;
  subs: string[];
}

/** One alert to one recipient on one channel, about to be written to the deliveries. */
export interface NewDelivery {
  event_id: number;
  kind: AlertKind;
  qr_id: string;
  channel: 'push' | 'email';
  recipient: string;
  scan_count: number;
  urgent: boolean;
  data: Record<string, unknown>;
}

/** A claimed delivery with everything its message needs. */
export interface DueDelivery extends Record<string, unknown> {
  id: number;
  kind: AlertKind;
  qr_id: string;
  channel: 'push' | 'email';
  recipient: string;
  scan_count: number;
  urgent: boolean;
  data: Record<string, unknown>;
  attempts: number;
  qr_type: QrType | null;
  qr_name: string | null;
  qr_lost: boolean | null;
  owner_email: string | null;
  owner_verified: boolean | null;
  owner_language: string | null;
  guardian_email: string | null;
  guardian_language: string | null;
  member_email: string | null;
  member_verified: boolean | null;
  member_language: string | null;
  endpoint: string | null;
  p256dh: string | null;
  auth: string | null;
  sub_language: string | null;
}

const iso = (at: Date) => at.toISOString();

export function createAlertsRepository(db: Db) {
  return {
    /**
     * Claims up to `limit` unexpanded outbox rows (skipping rows another replica holds) and runs
     * `expand` on them inside the same transaction: their deliveries and their `expanded_at` are
     * written together, so each event is expanded once whatever crashes.
     */
    async expandEvents(
      limit: number,
      now: Date,
      expand: (events: ClaimedEvent[]) => NewDelivery[],
    ): Promise<number> {
      return db.transaction(async (tx) => {
        const events = await queryRows<ClaimedEvent>(
          tx as unknown as Db,
          sql`
          with claimed as (
            select id from alert_events where expanded_at is null
            order by id limit ${limit} for update skip locked
          )
          select e.id::int as id, e.kind, e.qr_id, e.scan_count, e.lost, e.occurred_at, e.data,
                 q.id is not null as qr_exists, q.lost_at is not null as qr_lost,
                 u.email, u.email_verified, u.alert_push, u.alert_email, u.quiet_start, u.quiet_end,
                 coalesce(p.push, true) as qr_push, coalesce(p.email, true) as qr_email,
                 array(select s.id from push_subscriptions s where s.user_id = q.owner_id
                       order by s.created_at) as subscription_ids,
                 array(select g.id from guardians g where g.qr_id = q.id
                       and g.confirmed_at is not null order by g.created_at) as guardian_ids,
                 (select jsonb_agg(jsonb_build_object(
                    'id', m.user_id,
                    'email', mu.email is not null and mu.email_verified,
                    'emailOn', mu.alert_email, 'pushOn', mu.alert_push,
                    'subs', array(select s.id from push_subscriptions s where s.user_id = m.user_id
                                  order by s.created_at)) order by m.joined_at)
                  from organization_members m join users mu on mu.id = m.user_id
                  where m.organization_id = q.organization_id and m.user_id <> q.owner_id
                 ) as members
          from claimed c join alert_events e on e.id = c.id
          left join qr_codes q on q.id = e.qr_id
          left join users u on u.id = q.owner_id
          left join qr_alert_preferences p on p.qr_id = e.qr_id
          order by e.id`,
        );
        if (!events.length) return 0;
        const deliveries = expand(events);
        if (deliveries.length) {
          await tx.execute(sql`
            with input as (
              select * from jsonb_to_recordset(${JSON.stringify(deliveries)}::jsonb) as x(
                event_id bigint, kind text, qr_id text, channel text, recipient text,
                scan_count int, urgent boolean, data jsonb)
            ), merged as (
              -- Scans while an alert for the QR waits on this channel are added to it.
              update alert_deliveries d
              set scan_count = d.scan_count + i.scan_count, data = d.data || i.data
              from input i
              where not i.urgent and not d.urgent
                and d.qr_id = i.qr_id and d.channel = i.channel and d.recipient = i.recipient
                and d.sent_at is null and d.failed_at is null
                and (d.claimed_until is null or d.claimed_until < ${iso(now)}::timestamptz)
              returning i.event_id, i.channel, i.recipient
            )
            insert into alert_deliveries
              (event_id, kind, qr_id, channel, recipient, scan_count, urgent, data, send_after)
            select i.event_id, i.kind, i.qr_id, i.channel, i.recipient, i.scan_count, i.urgent,
                   i.data || jsonb_build_object('followUp', coalesce(not i.urgent
                     and t.last_sent_at > ${iso(now)}::timestamptz - interval '60 seconds', false)),
                   case when i.urgent or t.last_sent_at is null then ${iso(now)}::timestamptz
                        else greatest(${iso(now)}::timestamptz, t.last_sent_at + interval '60 seconds')
                   end
            from input i
            left join alert_throttle t
              on t.qr_id = i.qr_id and t.channel = i.channel and t.recipient = i.recipient
            where not exists (
              select 1 from merged m
              where m.event_id = i.event_id and m.channel = i.channel and m.recipient = i.recipient)
            on conflict (event_id, channel, recipient) do nothing`);
        }
        await tx.execute(sql`
          update alert_events set expanded_at = ${iso(now)}::timestamptz
          where id = any(${`{${events.map((e) => e.id).join(',')}}`}::bigint[])`);
        return events.length;
      });
    },

    /**
     * Claims up to `limit` due deliveries for `leaseSeconds` (a replica that dies while sending
     * lets its claim lapse, and another sends them), with what their messages need.
     */
    async claimDue(limit: number, now: Date, leaseSeconds: number): Promise<DueDelivery[]> {
      return queryRows<DueDelivery>(
        db,
        sql`
        with claimed as (
          update alert_deliveries d
          set claimed_until = ${iso(now)}::timestamptz + make_interval(secs => ${leaseSeconds}),
              attempts = d.attempts + 1
          from (
            select id from alert_deliveries
            where sent_at is null and failed_at is null
              and send_after <= ${iso(now)}::timestamptz
              and (claimed_until is null or claimed_until < ${iso(now)}::timestamptz)
            order by send_after, id limit ${limit} for update skip locked
          ) c
          where d.id = c.id
          returning d.*
        )
        select d.id::int as id, d.kind, d.qr_id, d.channel, d.recipient, d.scan_count, d.urgent,
               d.data, d.attempts,
               q.type as qr_type, ${sql.raw(qrNameText)} as qr_name, q.lost_at is not null as qr_lost,
               u.email as owner_email, u.email_verified as owner_verified,
               u.language as owner_language,
               g.email as guardian_email, g.language as guardian_language,
               mu.email as member_email, mu.email_verified as member_verified,
               mu.language as member_language,
               s.endpoint, s.p256dh, s.auth, su.language as sub_language
        from claimed d
        left join qr_codes q on q.id = d.qr_id
        left join users u on u.id = q.owner_id
        left join guardians g on d.recipient = 'guardian:' || g.id and g.confirmed_at is not null
        left join organization_members om
          on om.organization_id = q.organization_id
          and om.user_id = case when d.recipient like 'member:%' then substr(d.recipient, 8) end
        left join users mu on mu.id = om.user_id
        left join push_subscriptions s on d.recipient = 'push:' || s.id
        left join users su on su.id = s.user_id
        order by d.send_after, d.id`,
      );
    },

    /** Marks deliveries sent and starts each QR, channel and recipient's minute of quiet. */
    async markSent(ids: number[], now: Date): Promise<void> {
      if (!ids.length) return;
      await db.execute(sql`
        with sent as (
          update alert_deliveries set sent_at = ${iso(now)}::timestamptz, claimed_until = null
          where id = any(${`{${ids.join(',')}}`}::bigint[])
          returning qr_id, channel, recipient
        )
        insert into alert_throttle (qr_id, channel, recipient, last_sent_at)
        select distinct qr_id, channel, recipient, ${iso(now)}::timestamptz from sent
        on conflict (qr_id, channel, recipient)
        do update set last_sent_at = excluded.last_sent_at`);
    },

    /** A failed attempt: tried again at `retryAt`, or given up (`retryAt` undefined). */
    async markFailed(id: number, error: string, retryAt: Date | undefined): Promise<void> {
      await db.execute(
        retryAt
          ? sql`update alert_deliveries
                set send_after = ${iso(retryAt)}::timestamptz, claimed_until = null,
                    last_error = ${error.slice(0, 500)}
                where id = ${id}`
          : sql`update alert_deliveries
                set failed_at = now(), claimed_until = null, last_error = ${error.slice(0, 500)}
                where id = ${id}`,
      );
    },

    async deleteSubscription(endpoint: string): Promise<void> {
      await db.execute(sql`delete from push_subscriptions where endpoint = ${endpoint}`);
    },

    /** When the next delivery falls due (to sleep until then), or undefined when none waits. */
    async nextDue(): Promise<Date | undefined> {
      const [row] = await queryRows<{ at: Date | null }>(
        db,
        sql`select min(greatest(send_after, coalesce(claimed_until, send_after))) as at
            from alert_deliveries where sent_at is null and failed_at is null`,
      );
      return row?.at ? new Date(row.at) : undefined;
    },

    /** What waits in the outbox: unexpanded events and unsent deliveries, and the oldest's age. */
    async outbox(): Promise<{ depth: number; oldestSeconds: number }> {
      const [row] = await queryRows<{ depth: number; oldest: number | null }>(
        db,
        sql`select
              (select count(*) from alert_events where expanded_at is null)
                + (select count(*) from alert_deliveries where sent_at is null and failed_at is null)
                as depth,
              extract(epoch from now() - least(
                (select min(occurred_at) from alert_events where expanded_at is null),
                (select min(created_at) from alert_deliveries
                 where sent_at is null and failed_at is null))) as oldest`,
      );
      return { depth: Number(row?.depth ?? 0), oldestSeconds: Number(row?.oldest ?? 0) };
    },

    /** Forgets what was sent or given up more than `days` ago, and expanded outbox rows. */
    async prune(days: number): Promise<void> {
      await db.execute(sql`
        delete from alert_deliveries
        where coalesce(sent_at, failed_at) < now() - make_interval(days => ${days})`);
      await db.execute(sql`
        delete from alert_events where expanded_at < now() - make_interval(days => ${days})`);
    },
  };
}

export type AlertsRepository = ReturnType<typeof createAlertsRepository>;
