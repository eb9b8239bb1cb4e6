import type { PlanType } from '@carecode/domain/plans/plans';
import type { QrType } from '@carecode/domain/qr-codes/qr-code.schema';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { planInForce, type RawPlanColumns } from '../../lib/plan-in-force.ts';

export interface BridgeSession extends Record<string, unknown> {
  scan_id: string;
  live: boolean;
  qr_id: string;
  owner_id: string;
  type: QrType;
  details: Record<string, unknown>;
  hide_numbers: boolean;
  /** The owner's plan in force. */
  plan: PlanType;
}

export interface CallRow extends Record<string, unknown> {
  id: string;
  scan_id: string;
  qr_id: string;
  owner_id: string;
  contact: 'ownerContact' | 'emergencyContact' | 'schoolContact';
  scanner_last2: string;
  gateway: 'sandbox' | 'exotel';
  gateway_call_id: string | null;
  status: string;
  duration_seconds: number | null;
  created_at: Date | string;
}

/** The final states a gateway reports; a call in one of them is settled. */
export const FINAL_CALL_STATUSES = ['completed', 'failed', 'busy', 'no-answer'] as const;

export function createCallsRepository(db: Db) {
  const rows = <Row extends Record<string, unknown>>(statement: ReturnType<typeof sql>) =>
    queryRows<Row>(db, statement);

  /** Writes the 'call' alert of a settled call (in the statement that settles it). */
  const alertOf = (call: string) => sql`
    insert into alert_events (kind, qr_id, owner_id, scan_id, occurred_at, data)
    select 'call', c.qr_id, c.owner_id, c.scan_id, now(),
           jsonb_build_object('call', jsonb_build_object(
             'status', c.status, 'durationSeconds', c.duration_seconds,
             'simulated', c.gateway = 'sandbox', 'contact', c.contact))
    from ${sql.raw(call)} c`;

  return {
    /** The scan, its QR and its owner's plan: what deciding on a call needs. */
    async session(scanId: string): Promise<BridgeSession | undefined> {
      const [row] = await rows<BridgeSession & RawPlanColumns>(sql`
        select s.id as scan_id, s.expires_at > now() as live, q.id as qr_id, q.owner_id, q.type,
               q.details, q.hide_numbers, u.plan, u.paid_plan, u.plan_expires_at
        from scans s join qr_codes q on q.id = s.qr_id join users u on u.id = q.owner_id
        where s.id = ${scanId}`);
      if (!row) return undefined;
      if (typeof row.details === 'string') row.details = JSON.parse(row.details);
      return { ...row, plan: planInForce(row) };
    },

    /**
     * Records a requested call unless a limit is reached: per scan session, and per scanner
     * number and India day. Both counts and the insert run under locks (the scan row, and an
     * advisory lock on the number), so concurrent requests cannot both slip under a limit.
     */
    async requestWithinLimits(input: {
      id: string;
      scanId: string;
      qrId: string;
      ownerId: string;
      contact: string;
      scannerHash: string;
      scannerLast2: string;
      gateway: 'sandbox' | 'exotel';
      perSession: number;
      perNumberPerDay: number;
    }): Promise<'ok' | 'session-limit' | 'number-limit'> {
      return db.transaction(async (tx) => {
        const t = tx as unknown as Db;
        await t.execute(sql`select id from scans where id = ${input.scanId} for update`);
        await t.execute(sql`select pg_advisory_xact_lock(hashtext(${input.scannerHash}))`);
        const [counts] = await queryRows<{ session: number; today: number }>(
          t,
          sql`select
                (select count(*)::int from calls where scan_id = ${input.scanId}) as session,
                (select count(*)::int from calls where scanner_hash = ${input.scannerHash}
                   and created_at >= date_trunc('day', now() at time zone 'Asia/Kolkata')
                                     at time zone 'Asia/Kolkata') as today`,
        );
        if (counts.session >= input.perSession) return 'session-limit';
        if (counts.today >= input.perNumberPerDay) return 'number-limit';
        await t.execute(sql`
          insert into calls (id, scan_id, qr_id, owner_id, contact, scanner_hash, scanner_last2,
                             gateway)
          values (${input.id}, ${input.scanId}, ${input.qrId}, ${input.ownerId}, ${input.contact},
                  ${input.scannerHash}, ${input.scannerLast2}, ${input.gateway})`);
        return 'ok';
      });
    },

    /** The gateway took the call: its id, and for the sandbox at once its (simulated) end. */
    async started(id: string, gatewayCallId: string, settled: boolean): Promise<void> {
      if (!settled) {
        await db.execute(sql`
          update calls set gateway_call_id = ${gatewayCallId}, status = 'in-progress',
                           updated_at = now()
          where id = ${id}`);
        return;
      }
      await db.execute(sql`
        with settled as (
          update calls set gateway_call_id = ${gatewayCallId}, status = 'completed',
                           updated_at = now()
          where id = ${id} returning *
        ) ${alertOf('settled')}`);
    },

    /** The gateway refused or did not answer: the call failed before anyone was rung. */
    async failedToStart(id: string): Promise<void> {
      await db.execute(
        sql`update calls set status = 'failed', updated_at = now() where id = ${id}`,
      );
    },

    /**
     * The gateway's word on how a call ended. Only the first settles it (and alerts the
     * owner); a repeated callback changes nothing. False when the call or its gateway id is
     * unknown.
     */
    async settle(
      id: string,
      gatewayCallId: string,
      status: (typeof FINAL_CALL_STATUSES)[number],
      durationSeconds: number | null,
    ): Promise<boolean> {
      const result = await rows<{ id: string; changed: boolean }>(sql`
        with found as (
          select id, status from calls
          where id = ${id} and gateway_call_id = ${gatewayCallId} for update
        ), settled as (
          update calls c set status = ${status}, duration_seconds = ${durationSeconds},
                             updated_at = now()
          from found f
          where c.id = f.id and f.status not in ('completed', 'failed', 'busy', 'no-answer')
          returning c.*
        ), alerted as (${alertOf('settled')})
        select f.id, exists(select 1 from settled) as changed from found f`);
      return result.length > 0;
    },

    async ofScan(scanId: string): Promise<CallRow[]> {
      return rows<CallRow>(sql`
        select * from calls where scan_id = ${scanId} order by created_at, id`);
    },

    /** The calls of some scans (a history page), oldest first. */
    async ofScans(scanIds: string[]): Promise<CallRow[]> {
      if (!scanIds.length) return [];
      return rows<CallRow>(sql`
        select * from calls
        where scan_id = any(${`{${scanIds.join(',')}}`}::text[])
        order by created_at, id`);
    },
  };
}

export type CallsRepository = ReturnType<typeof createCallsRepository>;
