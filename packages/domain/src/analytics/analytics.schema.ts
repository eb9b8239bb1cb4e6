import { z } from 'zod';
import { fieldMessage } from '../errors/field-messages.ts';
import { strictObject } from '../qr-codes/fields.schema.ts';
import { qrTypeSchema } from '../qr-codes/qr-code.schema.ts';

/**
 * Analytics of the owner's scans (Premium and Business): a period of India days (Asia/Kolkata,
 * both ends included), counted in buckets of a day, a week (Monday to Sunday) or a month.
 */
export const ANALYTICS_TIME_ZONE = 'Asia/Kolkata';

/** The longest period one request may cover: three years of days. */
export const ANALYTICS_MAX_DAYS = 1096;

/** How many codes the 'by QR' list names; the rest are summed as `others`. */
export const ANALYTICS_TOP_QRS = 10;

export const analyticsGranularities = ['day', 'week', 'month'] as const;
export type AnalyticsGranularity = (typeof analyticsGranularities)[number];

const DAY_MS = 86_400_000;

/** A calendar date 'YYYY-MM-DD' that exists (no 31 April). */
export const isoDateSchema = z
  .string({ error: fieldMessage('DATE_FORMAT') })
  .regex(/^\d{4}-\d{2}-\d{2}$/, fieldMessage('DATE_FORMAT'))
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, fieldMessage('DATE_FORMAT'));

/** Days from `from` to `to`, both included. */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

const periodShape = {
  from: isoDateSchema,
  to: isoDateSchema,
  qrId: z
    .string({ error: fieldMessage('INVALID') })
    .regex(/^[A-Za-z0-9_-]{1,64}$/, fieldMessage('INVALID'))
    .optional(),
};

const checkPeriod = (value: { from: string; to: string }, context: z.RefinementCtx) => {
  if (value.to < value.from) {
    context.addIssue({ code: 'custom', path: ['to'], message: fieldMessage('DATE_ORDER') });
  } else if (daysBetween(value.from, value.to) > ANALYTICS_MAX_DAYS) {
    context.addIssue({ code: 'custom', path: ['to'], message: fieldMessage('PERIOD_TOO_LONG') });
  }
};

/** `GET /analytics?from=2026-01-01&to=2026-12-31&granularity=day&qrId=…` */
export const analyticsQuerySchema = strictObject({
  ...periodShape,
  granularity: z.enum(analyticsGranularities, { error: fieldMessage('INVALID') }).default('day'),
}).superRefine(checkPeriod);
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;
export type AnalyticsQueryInput = z.input<typeof analyticsQuerySchema>;

/** `GET /analytics/scans.csv?from=…&to=…&qrId=…`: the scan history of the period. */
export const analyticsExportQuerySchema = strictObject(periodShape).superRefine(checkPeriod);
export type AnalyticsExportQuery = z.infer<typeof analyticsExportQuerySchema>;

const count = z.number().int().nonnegative();

export const analyticsSchema = z.object({
  from: z.string(),
  to: z.string(),
  granularity: z.enum(analyticsGranularities),
  timeZone: z.literal(ANALYTICS_TIME_ZONE),
  qrId: z.string().nullable(),
  totals: z.object({
    scans: count,
    /** Scans whose scanner shared a location that is still kept (locations are erased later). */
    located: count,
    /** located / scans, 0 when there were no scans. */
    locatedShare: z.number().min(0).max(1),
    /** Codes scanned at least once in the period. */
    codes: count,
    calls: count,
    /** Calls that connected (the gateway's 'completed'). */
    connectedCalls: count,
    /** Messages finders wrote, and the owner's replies. */
    messages: count,
    replies: count,
  }),
  /** Every bucket of the period, in order, zeros included; `start`/`end` clipped to the period. */
  series: z.array(z.object({ start: z.string(), end: z.string(), scans: count })),
  byKind: z.array(z.object({ type: qrTypeSchema, scans: count })),
  byQr: z.object({
    items: z.array(
      z.object({ qrId: z.string(), type: qrTypeSchema, name: z.string(), scans: count }),
    ),
    /** Scans of the codes beyond the first ANALYTICS_TOP_QRS. */
    others: count,
  }),
  /** `deviceType` / `os` as parsed from the scanner's browser; 'unknown' when it named none. */
  byDevice: z.array(z.object({ deviceType: z.string(), scans: count })),
  byOs: z.array(z.object({ os: z.string(), scans: count })),
  /** 24 counts: hour 0 (00:00–00:59 India time) to 23. */
  byHour: z.array(count).length(24),
});
export type Analytics = z.infer<typeof analyticsSchema>;
