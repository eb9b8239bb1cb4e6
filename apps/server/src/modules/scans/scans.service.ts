import { createHash } from 'node:crypto';
import { canHideNumbers } from '@carecode/domain/calls/call.schema';
import { plans } from '@carecode/domain/plans/plans';
import type { QrType } from '@carecode/domain/qr-codes/qr-code.schema';
import { contactGroupsOf } from '@carecode/domain/qr-codes/qr-fields';
import type {
  ScannedQr,
  Scan,
  ScanHistoryQuery,
  ScanPage,
  ScanSession,
} from '@carecode/domain/scans/scan.schema';
import type { DeviceInfo } from '@carecode/domain/scans/scan.schema';
import { AppError } from '../../lib/app-error.ts';
import { createGroupCommit } from '../../lib/group-commit.ts';
import { newId } from '../../lib/ids.ts';
import type { NewScan, ScanRow, ScanSessionRow, ScansRepository } from './scans.repository.ts';

/** QR ids are 22 URL-safe characters; anything else cannot be a QR (and is not looked up). */
const QR_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * 20 bits (5 hex digits) of a hash of the QR and the scanner's address: repeat scans from one
 * address share it, so they count once toward the quota, while each value stands for thousands
 * of addresses and so names none.
 */
export function visitorOf(qrId: string, clientAddress: string): string {
  return createHash('sha256').update(`${qrId}|${clientAddress}`).digest('hex').slice(0, 5);
}

export function toScan(row: ScanRow): Scan {
  return {
    scanId: row.id,
    qrId: row.qrId,
    scanTimestamp: row.scannedAt.toISOString(),
    deviceInfo: (row.deviceInfo ?? {}) as DeviceInfo,
    location:
      row.latitude !== null && row.longitude !== null
        ? { latitude: row.latitude, longitude: row.longitude, gpsEnabled: row.gpsEnabled }
        : null,
  };
}

/**
 * Whether the scan page hides this code's numbers: the owner asked, and their plan has the call
 * bridge. A plan that lapsed shows the numbers again, so a scanner is never left with no way to
 * reach anyone.
 */
export const numbersHidden = (row: Pick<ScanSessionRow, 'qr' | 'ownerPlan'>) =>
  row.qr.hideNumbers && canHideNumbers(row.ownerPlan);

/** The details with every contact's phone number left out. */
function withoutNumbers(type: QrType, details: unknown): unknown {
  if (!details || typeof details !== 'object') return details;
  const copy: Record<string, unknown> = { ...(details as Record<string, unknown>) };
  for (const group of contactGroupsOf(type)) {
    const contact = copy[group] as { name?: unknown } | undefined;
    if (contact) copy[group] = { name: contact.name };
  }
  return copy;
}

export function createScansService(
  repository: ScansRepository,
  options: {
    sessionSeconds: number;
    /** Whether anyone may be listening for scan events (always, with several replicas). */
    shouldAnnounce: () => boolean;
    /** Called once a batch (or a shared location) has committed its alert-outbox rows. */
    onAlertWritten?: () => void;
    /** Each batch's size (a metric). */
    onBatch?: (size: number) => void;
    /** What happened after some scans: calls through the bridge, messages with the owner. */
    activityOf?: (scanIds: string[]) => Promise<Map<string, Pick<Scan, 'calls' | 'messageCount'>>>;
  },
) {
  // The time of a batch, in µs: never before the previous batch's last scan, so batches that
  // share a millisecond (the embedded database's clock has no finer one) keep their order.
  let nextMicros = 0;
  const batchTime = (size: number) => {
    const at = Math.max(Date.now() * 1000, nextMicros);
    nextMicros = at + size + 1;
    return at;
  };

  const withActivity = async (scans: Scan[]): Promise<Scan[]> => {
    if (!options.activityOf || !scans.length) return scans;
    const activity = await options.activityOf(scans.map((scan) => scan.scanId));
    return scans.map((scan) => ({ ...scan, ...activity.get(scan.scanId) }));
  };

  // Group commit: concurrent scans share one INSERT; each caller waits for its batch's commit.
  const recorder = createGroupCommit<NewScan, boolean>(
    async (batch) => {
      options.onBatch?.(batch.length);
      const skipped = new Set(
        await repository.insertBatch(batch, {
          sessionSeconds: options.sessionSeconds,
          atMicros: batchTime(batch.length),
          announce: options.shouldAnnounce(),
        }),
      );
      if (skipped.size < batch.length) options.onAlertWritten?.();
      return batch.map((_, index) => !skipped.has(index));
    },
    // The next batch waits at the database while one commits.
    { concurrency: 2 },
  );

  return {
    /** Records a scan; the new scan id, or undefined when no such QR exists. */
    async recordScan(
      qrId: string,
      deviceInfo: DeviceInfo,
      clientAddress: string,
    ): Promise<string | undefined> {
      if (!QR_ID_PATTERN.test(qrId)) return undefined;
      const scanId = newId();
      const visitor = visitorOf(qrId, clientAddress);
      return (await recorder.submit({ scanId, qrId, deviceInfo, visitor })) ? scanId : undefined;
    },

    /**
     * The session's QR for a scanner. A private QR is shown to its owner only. Over the monthly
     * quota (counted by the order of this month's scans of the QR, so every replica agrees, and
     * by address, so one stranger scanning again and again cannot use it up) the session still
     * answers, flagged `quotaExceeded`: help is never withheld.
     */
    async getSession(
      scanId: string,
      isOwner: (ownerId: string) => Promise<boolean>,
    ): Promise<ScanSession> {
      const row = await repository.findSession(scanId);
      if (!row) throw new AppError('SCAN_NOT_FOUND');
      if (row.expired) throw new AppError('SCAN_EXPIRED');
      if (!row.qr.isPublic && !(await isOwner(row.ownerId))) {
        throw new AppError('QR_PRIVATE');
      }
      const quota = plans[row.ownerPlan].limits.scansPerQrPerMonth;
      const hideNumbers = numbersHidden(row);
      return {
        scanId: row.scanId,
        qr: {
          id: row.qr.id,
          type: row.qr.type,
          status: row.qr.status,
          public: row.qr.isPublic,
          details: hideNumbers ? withoutNumbers(row.qr.type, row.qr.details) : row.qr.details,
          lost: row.qr.lost,
          hideNumbers,
        } as ScannedQr,
        quotaExceeded: row.earlierThisMonth >= quota,
      };
    },

    async shareLocation(scanId: string, latitude: number, longitude: number): Promise<void> {
      if (await repository.setLocation(scanId, latitude, longitude, options.shouldAnnounce())) {
        options.onAlertWritten?.();
        return;
      }
      if (await repository.exists(scanId)) throw new AppError('SCAN_EXPIRED');
      throw new AppError('SCAN_NOT_FOUND');
    },

    async recordLocationConsent(scanId: string, granted: boolean, textVersion: string) {
      if (await repository.recordLocationConsent(scanId, granted, textVersion)) return;
      if (await repository.exists(scanId)) throw new AppError('SCAN_EXPIRED');
      throw new AppError('SCAN_NOT_FOUND');
    },

    async eraseLocation(ownerId: string, scanId: string) {
      if (!(await repository.eraseLocation(ownerId, scanId))) throw new AppError('SCAN_NOT_FOUND');
    },

    async history(ownerId: string, query: ScanHistoryQuery, qrId?: string): Promise<ScanPage> {
      if (qrId !== undefined && !(await repository.ownsQr(ownerId, qrId))) {
        throw new AppError('QR_NOT_FOUND');
      }
      const organizationId = qrId === undefined ? query.organizationId : undefined;
      if (organizationId !== undefined) {
        await repository.requireMember(organizationId, ownerId);
      }
      const { items, total, isTotalCapped } = await repository.history({
        ownerId,
        qrId,
        organizationId,
        q: query.q || undefined,
        sort: query.sort,
        page: query.page,
        pageSize: query.pageSize,
      });
      return {
        items: await withActivity(items.map(toScan)),
        total,
        page: query.page,
        pageSize: query.pageSize,
        ...(isTotalCapped ? { isTotalCapped } : {}),
      };
    },

    /** Waits for scans still being written (graceful shutdown). */
    drain: () => recorder.drain(),
  };
}

export type ScansService = ReturnType<typeof createScansService>;
