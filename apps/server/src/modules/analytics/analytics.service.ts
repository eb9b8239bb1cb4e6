import {
  ANALYTICS_TIME_ZONE,
  type Analytics,
  type AnalyticsQuery,
} from '@carecode/domain/analytics/analytics.schema';
import { plans } from '@carecode/domain/plans/plans';
import type { QrType } from '@carecode/domain/qr-codes/qr-code.schema';
import { AppError } from '../../lib/app-error.ts';
import { planInForce } from '../../lib/plan-in-force.ts';
import type { AnalyticsPeriod, createAnalyticsRepository } from './analytics.repository.ts';

type Repository = ReturnType<typeof createAnalyticsRepository>;

/** A map of counts as a list, most first (ties by name). */
const ranked = <K extends string>(counts: Record<string, number> | null, key: K) =>
  Object.entries(counts ?? {})
    .filter(([, scans]) => scans > 0)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(([name, scans]) => ({ [key]: name, scans }) as Record<K, string> & { scans: number });

export function createAnalyticsService(repository: Repository) {
  /**
   * Another owner's code (or none) answers 404 whatever the plan, as everywhere; then the plan
   * in force must include analytics (Premium, Business), else 403 ANALYTICS_PLAN.
   */
  const authorize = async (ownerId: string, qrId: string | undefined) => {
    const access = await repository.access(ownerId, qrId);
    if (!access?.qr_found) throw new AppError('QR_NOT_FOUND');
    const plan = planInForce(access);
    if (!plans[plan].features.includes('analytics')) {
      throw new AppError('ANALYTICS_PLAN', { params: { plan } });
    }
  };

  return {
    authorize,

    async summary(ownerId: string, query: AnalyticsQuery): Promise<Analytics> {
      await authorize(ownerId, query.qrId);
      const row = await repository.summary(ownerId, query);
      return {
        from: query.from,
        to: query.to,
        granularity: query.granularity,
        timeZone: ANALYTICS_TIME_ZONE,
        qrId: query.qrId ?? null,
        totals: {
          scans: row.scans,
          located: row.located,
          locatedShare: row.scans ? row.located / row.scans : 0,
          codes: row.codes,
          calls: row.calls,
          connectedCalls: row.connected_calls,
          messages: row.messages,
          replies: row.replies,
        },
        series: row.series,
        byKind: (row.by_kind ?? []).map((kind) => ({ ...kind, type: kind.type as QrType })),
        byQr: {
          items: (row.top_qrs ?? []).map((qr) => ({ ...qr, type: qr.type as QrType })),
          others: row.other_scans,
        },
        byDevice: ranked(row.devices, 'deviceType'),
        byOs: ranked(row.systems, 'os'),
        byHour: row.hours.map(Number),
      };
    },

    /** The period's scans as CSV rows' sources, page by page, oldest first. */
    async *scans(ownerId: string, period: AnalyticsPeriod, pageSize = 5000) {
      let cursor: { at: string; id: string } | undefined;
      for (;;) {
        const page = await repository.scanPage(ownerId, period, cursor, pageSize);
        yield page;
        if (page.length < pageSize) return;
        const last = page[page.length - 1];
        cursor = { at: last.cursor, id: last.id };
      }
    },
  };
}
