import {
  ANALYTICS_TOP_QRS,
  type AnalyticsGranularity,
} from '@carecode/domain/analytics/analytics.schema';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { RawPlanColumns } from '../../lib/plan-in-force.ts';
import { qrNameText } from '../scans/scans.sql.ts';

/** A period of India days, both ends included, optionally of one code. */
export interface AnalyticsPeriod {
  from: string;
  to: string;
  qrId?: string;
}

/** The first instant of India day `day` (a bound parameter), as timestamptz. */
const indiaStart = (day: SQL) => sql`((${day})::date::timestamp at time zone 'Asia/Kolkata')`;

/** The period's instants: [first instant of `from`, first instant of the day after `to`). */
const instants = (period: AnalyticsPeriod) => ({
  start: indiaStart(sql`${period.from}`),
  end: indiaStart(sql`${period.to}::date + 1`),
});

export interface AnalyticsRow extends Record<string, unknown> {
  scans: number;
  located: number;
  series: Array<{ start: string; end: string; scans: number }>;
  hours: number[];
  devices: Record<string, number>;
  systems: Record<string, number>;
  by_kind: Array<{ type: string; scans: number }> | null;
  top_qrs: Array<{ qrId: string; type: string; name: string; scans: number }> | null;
  other_scans: number;
  codes: number;
  calls: number;
  connected_calls: number;
  messages: number;
  replies: number;
}

/**
 * Analytics reads the day counts kept by triggers on scans (`scan_day_stats` for the owner,
 * `scan_qr_day_stats` per code): at most one row per day of the period (per code for the 'by QR'
 * list), whatever the number of scans. Everything comes back in one statement.
 */
export function createAnalyticsRepository(db: Db) {
  return {
    /** The owner's plan columns, and whether `qrId` (when given) is one of their codes. */
    async access(ownerId: string, qrId: string | undefined) {
      const [row] = await queryRows<RawPlanColumns & { qr_found: boolean }>(
        db,
        sql`select u.plan, u.paid_plan, u.plan_expires_at,
                   ${qrId === undefined ? sql`true` : sql`exists(select 1 from qr_codes q where q.id = ${qrId} and q.owner_id = u.id)`} as qr_found
            from users u where u.id = ${ownerId}`,
      );
      return row;
    },

    async summary(
      ownerId: string,
      period: AnalyticsPeriod & { granularity: AnalyticsGranularity },
    ): Promise<AnalyticsRow> {
      const { from, to, qrId, granularity } = period;
      const { start, end } = instants(period);
      const ofQr = (column: string) =>
        qrId === undefined ? sql`` : sql` and ${sql.raw(column)} = ${qrId}`;
      const days =
        qrId === undefined
          ? sql`select day, scans, located, hours, devices, systems from scan_day_stats
                where owner_id = ${ownerId} and day between ${from}::date and ${to}::date`
          : sql`select day, scans, located, hours, devices, systems from scan_qr_day_stats
                where qr_id = ${qrId} and owner_id = ${ownerId}
                  and day between ${from}::date and ${to}::date`;
      const unit = sql`${granularity}::text`;
      const [row] = await queryRows<AnalyticsRow>(
        db,
        sql`with days as (${days}),
          per_qr as (
            select qr_id, sum(scans)::int as scans from scan_qr_day_stats
            where owner_id = ${ownerId} and day between ${from}::date and ${to}::date ${ofQr('qr_id')}
            group by qr_id
          ),
          ranked as (
            select p.qr_id, q.type, left(${sql.raw(qrNameText)}, 100) as name, p.scans,
                   row_number() over (order by p.scans desc, p.qr_id) as rank
            from per_qr p join qr_codes q on q.id = p.qr_id
            where p.scans > 0
          ),
          buckets as (
            select b::date as key, greatest(b::date, ${from}::date) as start,
                   least((b + ('1 ' || ${unit})::interval - interval '1 day')::date, ${to}::date) as "end"
            from generate_series(date_trunc(${unit}, ${from}::date::timestamp),
                                 ${to}::date::timestamp, ('1 ' || ${unit})::interval) b
          ),
          per_bucket as (
            select date_trunc(${unit}, day::timestamp)::date as key, sum(scans)::int as scans
            from days group by 1
          )
          select
            (select coalesce(sum(scans), 0)::int from days) as scans,
            (select coalesce(sum(located), 0)::int from days) as located,
            (select json_agg(json_build_object('start', b.start, 'end', b."end",
                                               'scans', coalesce(p.scans, 0)) order by b.key)
             from buckets b left join per_bucket p on p.key = b.key) as series,
            (select sum_counts(hours) from days) as hours,
            (select sum_count_maps(devices) from days) as devices,
            (select sum_count_maps(systems) from days) as systems,
            (select json_agg(json_build_object('type', type, 'scans', scans)
                             order by scans desc, type)
             from (select type, sum(scans)::int as scans from ranked group by type) k) as by_kind,
            (select json_agg(json_build_object('qrId', qr_id, 'type', type, 'name', name,
                                               'scans', scans) order by rank)
             from ranked where rank <= ${ANALYTICS_TOP_QRS}) as top_qrs,
            (select coalesce(sum(scans), 0)::int from ranked
             where rank > ${ANALYTICS_TOP_QRS}) as other_scans,
            (select count(*)::int from ranked) as codes,
            c.calls, c.connected_calls, m.messages, m.replies
          from (select count(*)::int as calls,
                       count(*) filter (where status = 'completed')::int as connected_calls
                from calls
                where owner_id = ${ownerId} and created_at >= ${start} and created_at < ${end}
                  ${ofQr('qr_id')}) c,
               (select count(*) filter (where m.sender = 'scanner')::int as messages,
                       count(*) filter (where m.sender = 'owner')::int as replies
                from messages m join conversations v on v.id = m.conversation_id
                where v.owner_id = ${ownerId} and m.created_at >= ${start} and m.created_at < ${end}
                  ${ofQr('v.qr_id')}) m`,
      );
      return row;
    },

    /**
     * A page of the period's scans for the CSV copy, oldest first, after `cursor` (the last row's
     * `cursor` of the page before): keyset paging over the owner's (owner, time) index.
     */
    scanPage(
      ownerId: string,
      period: AnalyticsPeriod,
      cursor: { at: string; id: string } | undefined,
      limit: number,
    ) {
      const { start, end } = instants(period);
      return queryRows<Record<string, unknown> & { cursor: string; id: string }>(
        db,
        sql`select s.id, s.qr_id, q.type as qr_type, s.scanned_at, s.scanned_at::text as cursor,
                   s.device_info, s.latitude, s.longitude
            from scans s left join qr_codes q on q.id = s.qr_id
            where s.owner_id = ${ownerId} and s.scanned_at >= ${start} and s.scanned_at < ${end}
              ${period.qrId === undefined ? sql`` : sql`and s.qr_id = ${period.qrId}`}
              ${cursor ? sql`and (s.scanned_at, s.id) > (${cursor.at}::timestamptz, ${cursor.id})` : sql``}
            order by s.scanned_at, s.id
            limit ${limit}`,
      );
    },
  };
}
