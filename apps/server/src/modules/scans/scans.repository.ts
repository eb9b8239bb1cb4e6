import { plans } from '@carecode/domain/plans/plans';
import {
  qrNameFieldByType,
  type QrStatus,
  type QrType,
} from '@carecode/domain/qr-codes/qr-code.schema';
import {
  SCAN_COUNT_CAP,
  type DeviceInfo,
  type ScanHistoryQuery,
} from '@carecode/domain/scans/scan.schema';
import { and, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { escapeLiteral } from 'pg';
import type { Db } from '../../db/client.ts';
import { qrCodes, scans } from '../../db/schema/index.ts';

/** The NOTIFY channel that carries new scans and shared locations to every replica. */
export const SCAN_EVENTS_CHANNEL = 'scan_events';

/** Scans of one QR counted in a month never need to go past the largest plan quota. */
const LARGEST_QUOTA = Math.max(
  ...Object.values(plans).map((plan) => plan.limits.scansPerQrPerMonth),
);

/** The name field of each QR type, as SQL text over `q.details` (constants only, no input). */
const qrNameText = `coalesce(case q.type ${Object.entries(qrNameFieldByType)
  .map(([type, field]) => `when '${type}' then q.details->>'${field}'`)
  .join(' ')} end, '')`;

/** `2025-06-27T10:15:00.123Z`, the same shape as Date#toISOString. */
const isoText = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const isoSql = (column: string) => sql.raw(isoText(column));

/**
 * Records a batch of scans: $1 the scans as a JSON array of { id, qrId, deviceInfo, visitor }, $2 the
 * session's seconds, $3 the batch's time in microseconds since 1970: its scans get that time
 * plus 1, 2, 3... µs in arrival order, so the month's order of scans, which decides the quota,
 * is the order they arrived in. Scans of unknown QR codes are skipped; the one row answered
 * holds the positions (0-based) of the skipped ones. With `announce` each recorded scan is also
 * announced on SCAN_EVENTS_CHANNEL.
 */
const recordScansText = (announce: boolean) => `
  with input as (
    select e.value->>'id' as id, e.value->>'qrId' as qr_id, e.value->'deviceInfo' as device_info,
           e.value->>'visitor' as visitor, e.ord
    from jsonb_array_elements($1::jsonb) with ordinality as e(value, ord)
  ), qrs as (
    -- Each scanned QR locked once for the batch, as a foreign key would lock it for every scan:
    -- a QR deleted meanwhile waits for this insert (and its trigger then deletes these scans).
    select id, owner_id from qr_codes where id in (select qr_id from input) for key share
  ), inserted as (
    insert into scans (id, qr_id, owner_id, scanned_at, device_info, visitor, expires_at)
    select i.id, q.id, q.owner_id, to_timestamp(0) + ($3::bigint + i.ord) * interval '1 microsecond',
           i.device_info, i.visitor,
           now() + make_interval(secs => $2::int)
    from input i join qrs q on q.id = i.qr_id
    returning ${announce ? 'id, qr_id, owner_id, scanned_at, device_info' : 'id'}
  )${
    announce
      ? `, announced as (
    select pg_notify('${SCAN_EVENTS_CHANNEL}', json_build_object(
      'type', 'scan', 'ownerId', s.owner_id, 'scanId', s.id, 'qrId', s.qr_id,
      'qrName', ${qrNameText}, 'scanTimestamp', ${isoText('s.scanned_at')},
      'deviceInfo', s.device_info - 'userAgent')::text)
    from inserted s join qr_codes q on q.id = s.qr_id)`
      : ''
  }
  select array(
    select (i.ord - 1)::int from input i where i.id not in (select id from inserted)
    order by i.ord
  ) as skipped${announce ? ', (select count(*) from announced) as announced' : ''}`;

/** SQL text with $1, $2... as drizzle SQL with those parameters. */
function withParams(text: string, params: unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(
    parts.map((part, index) => (index % 2 ? sql`${params[Number(part) - 1]}` : sql.raw(part))),
  );
}

/** Session-level prepared statements of the embedded database, by announce. */
const preparedNames = { true: 'carecode_record_scans_announced', false: 'carecode_record_scans' };

export interface NewScan {
  scanId: string;
  qrId: string;
  deviceInfo: DeviceInfo;
  /** See `scans.visitor`. */
  visitor: string;
}

export interface ScanSessionRow {
  scanId: string;
  expired: boolean;
  ownerId: string;
  qr: { id: string; type: QrType; status: QrStatus; isPublic: boolean; details: unknown };
  ownerPlan: keyof typeof plans;
  /**
   * Other visitors (addresses) who scanned the same QR earlier in the same calendar month
   * (Asia/Kolkata), capped: repeat scans from one address count once, this scan's own not at all.
   */
  earlierThisMonth: number;
}

export interface ScanRow {
  id: string;
  qrId: string;
  scannedAt: Date;
  deviceInfo: unknown;
  latitude: number | null;
  longitude: number | null;
  gpsEnabled: boolean;
}

export interface ScanHistoryFilter {
  ownerId: string;
  qrId?: string;
  q?: string;
  sort: ScanHistoryQuery['sort'];
  page: number;
  pageSize: number;
}

type Rows<T> = { rows: T[] };

/** Shorter texts are searched in devices (and ids) rather than taken for a QR id. */
const MIN_QR_ID_SEARCH = 3;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function createScansRepository(
  db: Db,
  settings: {
    /** Run the batch insert as a session-level prepared statement (one session: PGlite). */
    prepareStatements?: boolean;
  } = {},
) {
  const preparing = new Map<boolean, Promise<string>>();
  /** The prepared statement's name, prepared on first use unless the session has it. */
  const prepared = (announce: boolean) => {
    let ready = preparing.get(announce);
    if (!ready) {
      const name = preparedNames[`${announce}`];
      ready = (async () => {
        const existing = (await db.execute(
          sql`select 1 from pg_prepared_statements where name = ${name}`,
        )) as unknown as Rows<unknown>;
        if (!existing.rows.length) {
          const text = recordScansText(announce);
          await db.execute(sql.raw(`prepare ${name}(jsonb, int, bigint) as ${text}`));
        }
        return name;
      })();
      ready.catch(() => preparing.delete(announce));
      preparing.set(announce, ready);
    }
    return ready;
  };

  return {
    /**
     * Records a batch of scans in one statement (see recordScansText); the positions of the
     * skipped ones. The embedded database runs it as a prepared statement: planning it anew
     * took most of a small batch's time (measured 850 µs of a one-scan batch, 240 prepared).
     */
    async insertBatch(
      batch: NewScan[],
      options: { sessionSeconds: number; atMicros: number; announce: boolean },
    ): Promise<number[]> {
      const { sessionSeconds, atMicros, announce } = options;
      const input = JSON.stringify(
        batch.map((scan) => ({
          id: scan.scanId,
          qrId: scan.qrId,
          deviceInfo: scan.deviceInfo,
          visitor: scan.visitor,
        })),
      );
      const statement = settings.prepareStatements
        ? sql.raw(
            `execute ${await prepared(announce)}(${escapeLiteral(input)}, ${Math.trunc(sessionSeconds)}, ${Math.trunc(atMicros)})`,
          )
        : withParams(recordScansText(announce), [input, sessionSeconds, atMicros]);
      const result = (await db.execute(statement)) as unknown as Rows<{ skipped: number[] }>;
      return result.rows[0].skipped;
    },

    /** One indexed query: the scan, its QR, the owner's plan and the scan's place in the month. */
    async findSession(scanId: string): Promise<ScanSessionRow | undefined> {
      const result = (await db.execute(sql`
        select s.id, s.expires_at <= now() as expired, q.owner_id, q.id as qr_id, q.type,
               q.status, q.is_public, q.details, u.plan,
               (select count(*) from (
                  select distinct coalesce(p.visitor, p.id) from scans p
                  where p.qr_id = s.qr_id
                    and p.scanned_at >= date_trunc('month', s.scanned_at at time zone 'Asia/Kolkata')
                                        at time zone 'Asia/Kolkata'
                    and (p.scanned_at, p.id) < (s.scanned_at, s.id)
                    and (s.visitor is null or p.visitor is distinct from s.visitor)
                  limit ${LARGEST_QUOTA}
               ) earlier)::int as earlier
        from scans s
        join qr_codes q on q.id = s.qr_id
        join users u on u.id = q.owner_id
        where s.id = ${scanId}`)) as unknown as Rows<{
        id: string;
        expired: boolean;
        owner_id: string;
        qr_id: string;
        type: QrType;
        status: QrStatus;
        is_public: boolean;
        details: unknown;
        plan: keyof typeof plans;
        earlier: number;
      }>;
      const row = result.rows[0];
      if (!row) return undefined;
      return {
        scanId: row.id,
        expired: row.expired,
        ownerId: row.owner_id,
        qr: {
          id: row.qr_id,
          type: row.type,
          status: row.status,
          isPublic: row.is_public,
          details: typeof row.details === 'string' ? JSON.parse(row.details) : row.details,
        },
        ownerPlan: row.plan,
        earlierThisMonth: Number(row.earlier),
      };
    },

    /**
     * Stores the location while the session lasts and announces it; false when the scan is
     * missing or expired.
     */
    async setLocation(
      scanId: string,
      latitude: number,
      longitude: number,
      announce = true,
    ): Promise<boolean> {
      const notification = announce
        ? sql`pg_notify(${SCAN_EVENTS_CHANNEL}, json_build_object(
            'type', 'location', 'ownerId', u.owner_id, 'scanId', u.id, 'qrId', u.qr_id,
            'latitude', u.latitude, 'longitude', u.longitude)::text)`
        : sql`null`;
      const result = (await db.execute(sql`
        with updated as (
          update scans set latitude = ${latitude}, longitude = ${longitude}, gps_enabled = true
          where id = ${scanId} and expires_at > now()
          returning id, qr_id, owner_id, latitude, longitude
        )
        select u.id, ${notification} as notified
        from updated u`)) as unknown as Rows<{ id: string }>;
      return result.rows.length > 0;
    },

    /** Whether the scan exists at all (expired or not). */
    async exists(scanId: string): Promise<boolean> {
      const [row] = await db.select({ id: scans.id }).from(scans).where(eq(scans.id, scanId));
      return Boolean(row);
    },

    async ownsQr(ownerId: string, qrId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: qrCodes.id })
        .from(qrCodes)
        .where(and(eq(qrCodes.id, qrId), eq(qrCodes.ownerId, ownerId)));
      return Boolean(row);
    },

    /**
     * A page of an owner's scans (optionally of one QR), newest or oldest first, filtered by a
     * text found in a QR id or the device. Runs on the (owner_id|qr_id, scanned_at) indexes: a
     * search walks the scans in time order and stops once the page is full.
     */
    async history(
      filter: ScanHistoryFilter,
    ): Promise<{ items: ScanRow[]; total: number; isTotalCapped: boolean }> {
      const base = [sql`owner_id = ${filter.ownerId}`];
      if (filter.qrId) base.push(sql`qr_id = ${filter.qrId}`);
      let match: SQL | undefined;
      let walkInOrder = false;
      if (filter.q) {
        const pattern = `%${escapeLike(filter.q)}%`;
        const named =
          filter.q.length >= MIN_QR_ID_SEARCH
            ? await db
                .select({ id: qrCodes.id })
                .from(qrCodes)
                .where(and(eq(qrCodes.ownerId, filter.ownerId), ilike(qrCodes.id, pattern)))
            : [];
        // A device match counts even when the text also names part of a QR id: both are kept.
        const device = sql`concat_ws(' ', device_info->>'browser', device_info->>'os',
          device_info->>'deviceType', device_info->>'browserVersion',
          device_info->>'osVersion') ilike ${pattern}`;
        const byId = named.length
          ? sql`qr_id in (${sql.join(
              named.map((row) => sql`${row.id}`),
              sql`, `,
            )})`
          : sql`qr_id ilike ${pattern}`;
        walkInOrder = true;
        match = sql`(${byId} or ${device})`;
      }
      const where = sql.join(base, sql` and `);
      // NULLS LAST/FIRST as in the indexes (scanned_at desc nulls last), so they serve the order;
      // the ISO text is selected under another name, or "order by scanned_at" would sort by it.
      const order =
        filter.sort === 'asc'
          ? sql`scanned_at asc nulls first, id asc`
          : sql`scanned_at desc nulls last, id desc`;
      // "offset 0" keeps the planner from flattening the ordered index walk into a full sort.
      const source = walkInOrder
        ? sql`(select * from scans where ${where} order by ${order} offset 0) s`
        : sql`scans`;
      const condition = match ? (walkInOrder ? match : sql`${where} and ${match}`) : where;
      const items = (await db.execute(sql`
        select id, qr_id, ${isoSql('scanned_at')} as scanned_iso, device_info, latitude, longitude,
               gps_enabled
        from ${source}
        where ${condition}
        order by ${order}
        limit ${filter.pageSize} offset ${(filter.page - 1) * filter.pageSize}`)) as unknown as Rows<{
        id: string;
        qr_id: string;
        scanned_iso: string;
        device_info: unknown;
        latitude: number | null;
        longitude: number | null;
        gps_enabled: boolean;
      }>;
      const offset = (filter.page - 1) * filter.pageSize;
      let total: number;
      let isTotalCapped = false;
      if (items.rows.length > 0 && items.rows.length < filter.pageSize) {
        // The last page: the total follows without counting (most owners have one page).
        total = offset + items.rows.length;
      } else if (items.rows.length === 0 && filter.page === 1) {
        total = 0;
      } else {
        // Counting stops one past the cap: an owner with 100,000 scans pays for 10,001.
        const counted = (await db.execute(sql`
          select count(*)::int as total from (
            select 1 from scans where ${where}${match ? sql` and ${match}` : sql``}
            limit ${SCAN_COUNT_CAP + 1}
          ) counted`)) as unknown as Rows<{ total: number }>;
        total = Number(counted.rows[0]?.total ?? 0);
        isTotalCapped = total > SCAN_COUNT_CAP;
        total = Math.min(total, SCAN_COUNT_CAP);
      }
      return {
        items: items.rows.map((row) => ({
          id: row.id,
          qrId: row.qr_id,
          scannedAt: new Date(row.scanned_iso),
          deviceInfo:
            typeof row.device_info === 'string' ? JSON.parse(row.device_info) : row.device_info,
          latitude: row.latitude === null ? null : Number(row.latitude),
          longitude: row.longitude === null ? null : Number(row.longitude),
          gpsEnabled: Boolean(row.gps_enabled),
        })),
        total,
        isTotalCapped,
      };
    },
  };
}

export type ScansRepository = ReturnType<typeof createScansRepository>;
