import type { QrDetails, QrType } from '@carecode/domain/qr-codes/qr-code.schema';
import { and, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { qrCodes } from '../../db/schema/index.ts';
import { recordAudit } from '../organizations/audit.repository.ts';
import { visibleQrSql } from '../organizations/organization-access.repository.ts';
import {
  reserveQrQuota,
  type CreateResult,
  type QrCodeRow,
  type QrLimitFor,
} from '../qr-codes/qr-codes.repository.ts';

/** Rows a single INSERT carries (six parameters a row, far under PostgreSQL's 65,535). */
const INSERT_CHUNK = 500;

export type BulkCreateResult =
  { ok: true; rows: QrCodeRow[] } | Extract<CreateResult, { ok: false }>;

export function createQrBulkRepository(db: Db) {
  return {
    /**
     * Inserts every code in one transaction, or none: the owner's plan limit is checked for the
     * whole batch under the same lock single creation takes.
     */
    async createManyWithinPlanLimit(input: {
      ownerId: string;
      codes: Array<{ id: string; type: QrType; details: QrDetails }>;
      limitFor: QrLimitFor;
      /** An organisation's codes: `ownerId` is its owner, `actorId` who uploaded them. */
      organization?: { id: string; actorId: string };
    }): Promise<BulkCreateResult> {
      return db.transaction(async (tx) => {
        const quota = await reserveQrQuota(tx, input.ownerId, input.limitFor, input.codes.length);
        if (!quota.ok) return quota;
        const rows: QrCodeRow[] = [];
        for (let start = 0; start < input.codes.length; start += INSERT_CHUNK) {
          const chunk = input.codes.slice(start, start + INSERT_CHUNK);
          rows.push(
            ...(await tx
              .insert(qrCodes)
              .values(
                chunk.map((code) => ({
                  id: code.id,
                  ownerId: input.ownerId,
                  type: code.type,
                  details: code.details,
                  status: 'ASSIGNED' as const,
                  isPublic: true,
                  organizationId: input.organization?.id ?? null,
                })),
              )
              .returning()),
          );
        }
        if (input.organization) {
          await recordAudit(tx, {
            organizationId: input.organization.id,
            actorId: input.organization.actorId,
            action: 'qr.bulk_created',
            data: { type: input.codes[0]?.type, count: rows.length },
          });
        }
        return { ok: true, rows };
      });
    },

    /** The codes among `ids` the reader sees (others' and missing ids are simply absent). */
    async findOwnedMany(
      ownerId: string,
      ids: readonly string[],
    ): Promise<Array<Pick<QrCodeRow, 'id' | 'type' | 'details'>>> {
      if (ids.length === 0) return [];
      return db
        .select({ id: qrCodes.id, type: qrCodes.type, details: qrCodes.details })
        .from(qrCodes)
        .where(and(visibleQrSql(ownerId), inArray(qrCodes.id, [...ids])));
    },
  };
}

export type QrBulkRepository = ReturnType<typeof createQrBulkRepository>;
