import type { ConsentKind } from '@carecode/domain/consents/consent.schema';
import type { OrganizationRole } from '@carecode/domain/organizations/organization.schema';
import { effectivePlan } from '@carecode/domain/plans/plans';
import type { QrDetails, QrType } from '@carecode/domain/qr-codes/qr-code.schema';
import { and, asc, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { consents, qrCodes, users } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { recordAudit } from '../organizations/audit.repository.ts';
import {
  manageableQrSql,
  qrRoleOf,
  qrRoleSql,
  visibleQrSql,
} from '../organizations/organization-access.repository.ts';

export type QrCodeRow = typeof qrCodes.$inferSelect;
export type QrCodeWithScanCount = QrCodeRow & {
  scanCount: number;
  /** The reader's role on the code (absent where no reader is in question). */
  role?: OrganizationRole | null;
};
type PlanType = (typeof users.$inferSelect)['plan'];

/**
 * The first instant of the current calendar month in Asia/Kolkata, as a timestamptz expression.
 * Scan limits and the "scans exhausted" badge count from here.
 */
export const currentMonthStartKolkata: SQL = sql`(date_trunc('month', now() at time zone 'Asia/Kolkata') at time zone 'Asia/Kolkata')`;

const scanCountThisMonth = sql<number>`(
  select count(*)::int from scans
  where scans.qr_id = qr_codes.id and scans.scanned_at >= ${currentMonthStartKolkata}
)`.mapWith(Number);

const withScanCount = {
  id: qrCodes.id,
  ownerId: qrCodes.ownerId,
  type: qrCodes.type,
  status: qrCodes.status,
  isPublic: qrCodes.isPublic,
  details: qrCodes.details,
  createdAt: qrCodes.createdAt,
  updatedAt: qrCodes.updatedAt,
  lostAt: qrCodes.lostAt,
  lostMessage: qrCodes.lostMessage,
  hideNumbers: qrCodes.hideNumbers,
  organizationId: qrCodes.organizationId,
  scanCount: scanCountThisMonth,
};

/** The columns the API answers, with the reader's role on each code. */
const columnsFor = (userId: string) => ({ ...withScanCount, role: qrRoleSql(userId) });

/** A QR of this owner, or undefined when it is missing or belongs to someone else. */
export async function findOwnedQr(
  db: Db,
  id: string,
  ownerId: string,
): Promise<QrCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(qrCodes)
    .where(and(eq(qrCodes.id, id), eq(qrCodes.ownerId, ownerId)))
    .limit(1);
  return row;
}

export type CreateResult =
  { ok: true; qr: QrCodeWithScanCount } | { ok: false; plan: PlanType; limit: number };

export type QrLimitFor = (plan: PlanType) => number | null;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Inside a transaction: locks the owner's row (so concurrent creates by one owner count one after
 * the other) and tells whether `adding` more codes stay within the plan's QR limit. Single and
 * bulk creation both go through here.
 */
export async function reserveQrQuota(
  tx: Tx,
  ownerId: string,
  limitFor: QrLimitFor,
  adding: number,
): Promise<{ ok: true } | { ok: false; plan: PlanType; limit: number }> {
  const [owner] = await tx
    .select({ plan: users.plan, paidPlan: users.paidPlan, planExpiresAt: users.planExpiresAt })
    .from(users)
    .where(eq(users.id, ownerId))
    .for('update');
  // The plan in force: a paid plan until it ends, then the best one owned.
  const plan = owner ? effectivePlan(owner, Date.now()) : 'FREE';
  const limit = limitFor(plan);
  if (limit !== null) {
    const [{ total }] = await tx
      .select({ total: count() })
      .from(qrCodes)
      .where(eq(qrCodes.ownerId, ownerId));
    if (total + adding > limit) return { ok: false, plan, limit };
  }
  return { ok: true };
}

export function createQrCodesRepository(db: Db) {
  /** A code the reader sees (their own or their organisation's), with their role on it. */
  const findOne = async (id: string, userId: string) => {
    const [row] = await db
      .select(columnsFor(userId))
      .from(qrCodes)
      .where(and(eq(qrCodes.id, id), visibleQrSql(userId)))
      .limit(1);
    return row as QrCodeWithScanCount | undefined;
  };

  /**
   * Runs a change of a code the actor may change, and writes the audit line of an
   * organisation's code in the same transaction; false when the code is not theirs to change.
   */
  const change = async (
    id: string,
    actorId: string,
    apply: (tx: Tx) => Promise<{ organizationId: string | null }[]>,
    audit: { action: 'qr.updated' | 'qr.deleted' | 'qr.made_public' | 'qr.made_private' },
  ): Promise<boolean> =>
    db.transaction(async (tx) => {
      const [row] = await apply(tx);
      if (!row) return false;
      if (row.organizationId) {
        await recordAudit(tx, {
          organizationId: row.organizationId,
          actorId,
          action: audit.action,
          target: id,
        });
      }
      return true;
    });

  return {
    findOwned: findOne,

    /** The reader's role on a code (null: they cannot see it, or it does not exist). */
    roleOf: (id: string, userId: string) => qrRoleOf(db, id, userId),

    /** The owner's plan in force (a paid plan until it ends, then the best one owned). */
    async planOf(ownerId: string): Promise<PlanType> {
      const [row] = await db
        .select({ plan: users.plan, paidPlan: users.paidPlan, planExpiresAt: users.planExpiresAt })
        .from(users)
        .where(eq(users.id, ownerId));
      return row ? effectivePlan(row, Date.now()) : 'FREE';
    },

    /** The ids of the owner's codes past the `limit` oldest (ties on time broken by id). */
    async newestBeyond(ownerId: string, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: qrCodes.id })
        .from(qrCodes)
        .where(eq(qrCodes.ownerId, ownerId))
        .orderBy(asc(qrCodes.createdAt), asc(qrCodes.id))
        .offset(limit);
      return rows.map((row) => row.id);
    },

    /**
     * How many of the owner's codes are older than this one (ties on time broken by id), compared
     * in SQL: the stored time has microseconds a JavaScript Date would lose.
     */
    async countOlder(ownerId: string, id: string): Promise<number> {
      const [{ total }] = await db
        .select({ total: count() })
        .from(qrCodes)
        .where(
          and(
            eq(qrCodes.ownerId, ownerId),
            sql`(${qrCodes.createdAt}, ${qrCodes.id}) <
                (select q.created_at, q.id from qr_codes q where q.id = ${id})`,
          ),
        );
      return total;
    },

    /** The owner's personal codes (an organisation's codes are listed by organisation). */
    async listByOwner(ownerId: string): Promise<QrCodeWithScanCount[]> {
      const rows = await db
        .select(columnsFor(ownerId))
        .from(qrCodes)
        .where(and(eq(qrCodes.ownerId, ownerId), isNull(qrCodes.organizationId)))
        .orderBy(desc(qrCodes.createdAt), asc(qrCodes.id));
      return rows as QrCodeWithScanCount[];
    },

    /** An organisation's codes, with the reader's role on them. */
    async listByOrganization(
      organizationId: string,
      userId: string,
    ): Promise<QrCodeWithScanCount[]> {
      const rows = await db
        .select(columnsFor(userId))
        .from(qrCodes)
        .where(eq(qrCodes.organizationId, organizationId))
        .orderBy(desc(qrCodes.createdAt), asc(qrCodes.id));
      return rows as QrCodeWithScanCount[];
    },

    /**
     * Inserts the QR unless the owner's plan limit is reached. The owner's row is locked for the
     * transaction, so two concurrent creates by one owner count one after the other.
     */
    async createWithinPlanLimit(input: {
      id: string;
      ownerId: string;
      type: QrType;
      details: QrDetails;
      hideNumbers?: boolean;
      limitFor: QrLimitFor;
      /** A consent given with the creation (a Child Safety code's guardian confirmation). */
      consent?: { kind: ConsentKind; textVersion: string };
      /** An organisation's code: `ownerId` is then its owner, `actorId` who created it. */
      organization?: { id: string; actorId: string };
    }): Promise<CreateResult> {
      return db.transaction(async (tx) => {
        const quota = await reserveQrQuota(tx, input.ownerId, input.limitFor, 1);
        if (!quota.ok) return quota;
        const [row] = await tx
          .insert(qrCodes)
          .values({
            id: input.id,
            ownerId: input.ownerId,
            type: input.type,
            details: input.details,
            status: 'ASSIGNED',
            isPublic: true,
            hideNumbers: input.hideNumbers ?? false,
            organizationId: input.organization?.id ?? null,
          })
          .returning();
        if (input.organization) {
          await recordAudit(tx, {
            organizationId: input.organization.id,
            actorId: input.organization.actorId,
            action: 'qr.created',
            target: row.id,
            data: { type: input.type },
          });
        }
        if (input.consent) {
          await tx.insert(consents).values({
            id: newId(),
            kind: input.consent.kind,
            textVersion: input.consent.textVersion,
            granted: true,
            qrId: row.id,
            userId: input.organization?.actorId ?? input.ownerId,
          });
        }
        return { ok: true, qr: { ...row, scanCount: 0 } };
      });
    },

    /**
     * Deletes a code the actor may change (its scans go with it by trigger, its guardians and
     * alert settings by cascade); false when it is not theirs to change.
     */
    async deleteOwned(id: string, actorId: string): Promise<boolean> {
      return change(
        id,
        actorId,
        (tx) =>
          tx
            .delete(qrCodes)
            .where(and(eq(qrCodes.id, id), manageableQrSql(actorId)))
            .returning({ organizationId: qrCodes.organizationId }),
        { action: 'qr.deleted' },
      );
    },

    /** Replaces the details; undefined when the code is not the actor's to change. */
    async updateDetails(
      id: string,
      actorId: string,
      details: QrDetails,
      hideNumbers?: boolean,
    ): Promise<QrCodeWithScanCount | undefined> {
      const changed = await change(
        id,
        actorId,
        (tx) =>
          tx
            .update(qrCodes)
            .set({
              details,
              ...(hideNumbers === undefined ? {} : { hideNumbers }),
              updatedAt: sql`now()`,
            })
            .where(and(eq(qrCodes.id, id), manageableQrSql(actorId)))
            .returning({ organizationId: qrCodes.organizationId }),
        { action: 'qr.updated' },
      );
      return changed ? findOne(id, actorId) : undefined;
    },

    async setPublic(
      id: string,
      actorId: string,
      isPublic: boolean,
    ): Promise<QrCodeWithScanCount | undefined> {
      const changed = await change(
        id,
        actorId,
        (tx) =>
          tx
            .update(qrCodes)
            .set({ isPublic, updatedAt: sql`now()` })
            .where(and(eq(qrCodes.id, id), manageableQrSql(actorId)))
            .returning({ organizationId: qrCodes.organizationId }),
        { action: isPublic ? 'qr.made_public' : 'qr.made_private' },
      );
      return changed ? findOne(id, actorId) : undefined;
    },
  };
}

export type QrCodesRepository = ReturnType<typeof createQrCodesRepository>;
