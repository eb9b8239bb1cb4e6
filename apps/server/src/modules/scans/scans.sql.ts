import { qrNameFieldByType } from '@carecode/domain/qr-codes/qr-code.schema';

// The scans module's longer SQL texts (constants and column names only: no input is ever
// spliced in), kept apart from the repository that runs them.

/** The NOTIFY channel that carries new scans and shared locations to every replica. */
export const SCAN_EVENTS_CHANNEL = 'scan_events';

/** The name field of each QR type, as SQL text over `q.details` (constants only, no input). */
export const qrNameText = `coalesce(case q.type ${Object.entries(qrNameFieldByType)
  .map(([type, field]) => `when '${type}' then q.details->>'${field}'`)
  .join(' ')} end, '')`;

/** `2025-06-27T10:15:00.123Z`, the same shape as Date#toISOString. */
export const isoText = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Records a batch of scans: $1 the scans as a JSON array of { id, qrId, deviceInfo, visitor }, $2 the
 * session's seconds, $3 the batch's time in microseconds since 1970: its scans get that time
 * plus 1, 2, 3... µs in arrival order, so the month's order of scans, which decides the quota,
 * is the order they arrived in. Scans of unknown QR codes are skipped; the one row answered
 * holds the positions (0-based) of the skipped ones.
 *
 * In the same statement, so at no extra round trip: one alert-outbox row per QR of the batch
 * (the dispatcher turns it into e-mails and pushes), and, with `announce`, one notification on
 * SCAN_EVENTS_CHANNEL per QR of the batch: its latest scan and how many scans it stands for
 * (`count`), so an owner's open dashboard costs per batch, not per scan.
 */
export const recordScansText = (announce: boolean) => `
  with input as (
    select e.value->>'id' as id, e.value->>'qrId' as qr_id, e.value->'deviceInfo' as device_info,
           e.value->>'visitor' as visitor, e.ord
    from jsonb_array_elements($1::jsonb) with ordinality as e(value, ord)
  ), qrs as (
    -- Each scanned QR locked once for the batch, as a foreign key would lock it for every scan:
    -- a QR deleted meanwhile waits for this insert (and its trigger then deletes these scans).
    select id, owner_id, lost_at is not null as lost
    from qr_codes where id in (select qr_id from input) for key share
  ), inserted as (
    insert into scans (id, qr_id, owner_id, scanned_at, device_info, visitor, expires_at)
    select i.id, q.id, q.owner_id, to_timestamp(0) + ($3::bigint + i.ord) * interval '1 microsecond',
           i.device_info, i.visitor,
           now() + make_interval(secs => $2::int)
    from input i join qrs q on q.id = i.qr_id
    returning id, qr_id, owner_id, scanned_at, device_info
  ), alerted as (
    insert into alert_events (kind, qr_id, owner_id, scan_id, scan_count, lost, occurred_at, data)
    select 'scan', s.qr_id, s.owner_id, (array_agg(s.id order by s.scanned_at desc))[1],
           count(*)::int, bool_or(q.lost), max(s.scanned_at),
           jsonb_build_object('deviceInfo',
             (array_agg(s.device_info - 'userAgent' order by s.scanned_at desc))[1])
    from inserted s join qrs q on q.id = s.qr_id
    group by s.qr_id, s.owner_id
  )${
    announce
      ? `, announced as (
    select pg_notify('${SCAN_EVENTS_CHANNEL}', json_build_object(
      'type', 'scan', 'ownerId', s.owner_id,
      'scanId', (array_agg(s.id order by s.scanned_at desc))[1], 'qrId', s.qr_id,
      'qrName', left(${qrNameText}, 100), 'scanTimestamp', ${isoText('max(s.scanned_at)')},
      'deviceInfo', (array_agg(s.device_info - 'userAgent' order by s.scanned_at desc))[1],
      'count', count(*))::text)
    from inserted s join qr_codes q on q.id = s.qr_id
    group by s.owner_id, s.qr_id, q.type, q.details)`
      : ''
  }
  select array(
    select (i.ord - 1)::int from input i where i.id not in (select id from inserted)
    order by i.ord
  ) as skipped${announce ? ', (select count(*) from announced) as announced' : ''}`;
