import { fieldMessage } from '@carecode/domain/errors/field-messages';
import { canHideNumbers } from '@carecode/domain/calls/call.schema';
import { errorCatalog } from '@carecode/domain/errors/error-catalog';
import { plans, type PlanType } from '@carecode/domain/plans/plans';
import type { CreateQrCodeInput, QrCode, QrInput } from '@carecode/domain/qr-codes/qr-code.schema';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  requireOrganizationRole,
  requireQrManager,
} from '../organizations/organization-access.repository.ts';
import { newId } from '../../lib/ids.ts';
import type { QrCodeWithScanCount, QrCodesRepository, QrLimitFor } from './qr-codes.repository.ts';

/** The QR limit of a plan (null: unlimited); single and bulk creation both check it. */
export const qrCodeLimitFor: QrLimitFor = (plan) => plans[plan].limits.maxQrCodes;

/** The QR as the API answers it (spec §7). */
export function toQrCode(row: QrCodeWithScanCount, beyondPlanLimit = false): QrCode {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    public: row.isPublic,
    details: row.details,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    scanCount: row.scanCount,
    lost: row.lostAt ? { message: row.lostMessage ?? '', since: row.lostAt.toISOString() } : null,
    hideNumbers: row.hideNumbers,
    beyondPlanLimit,
    organizationId: row.organizationId ?? null,
    role: row.role ?? 'owner',
  } as QrCode;
}

/**
 * The plan's QR limit decides which codes can be edited: after a paid plan ends, the oldest codes
 * up to the lower plan's limit stay editable and the newest ones are beyond it (they keep working
 * for scanners: help is never withheld). Toggling public/private, lost mode and alert settings stay
 * open on every code.
 */
export function createQrCodesService(repository: QrCodesRepository, db: Db) {
  const notFound = () => new AppError('QR_NOT_FOUND');
  /** Hiding numbers is for Premium and Business: refused on other plans, with the field named. */
  const checkHideNumbers = async (ownerId: string, hideNumbers: boolean | undefined) => {
    if (hideNumbers && !canHideNumbers(await repository.planOf(ownerId))) {
      throw new AppError('HIDE_NUMBERS_PLAN', {
        fields: { hideNumbers: errorCatalog.HIDE_NUMBERS_PLAN.en },
      });
    }
  };

  /** The plan whose limits govern a code: its owner's (an organisation's codes: the org owner's). */
  const planFor = async (row: QrCodeWithScanCount, userId: string, userPlan: PlanType) =>
    row.ownerId === userId ? userPlan : repository.planOf(row.ownerId);

  const isBeyond = async (row: QrCodeWithScanCount, plan: PlanType) => {
    const limit = plans[plan].limits.maxQrCodes;
    if (limit === null) return false;
    return (await repository.countOlder(row.ownerId, row.id)) >= limit;
  };

  /** The codes beyond their owner's limit among `rows` (all of one owner). */
  const beyondOf = async (rows: QrCodeWithScanCount[], ownerId: string, plan: PlanType) => {
    const limit = plans[plan].limits.maxQrCodes;
    return new Set(
      limit === null || rows.length === 0 ? [] : await repository.newestBeyond(ownerId, limit),
    );
  };

  return {
    /** Personal codes, or with `organizationId` that organisation's (for any of its members). */
    async list(userId: string, plan: PlanType, organizationId?: string): Promise<QrCode[]> {
      if (organizationId !== undefined) {
        const access = await requireOrganizationRole(db, organizationId, userId, 'member');
        const rows = await repository.listByOrganization(organizationId, userId);
        const ownerPlan =
          access.ownerId === userId ? plan : await repository.planOf(access.ownerId);
        const beyond = await beyondOf(rows, access.ownerId, ownerPlan);
        return rows.map((row) => toQrCode(row, beyond.has(row.id)));
      }
      const rows = await repository.listByOwner(userId);
      const limit = plans[plan].limits.maxQrCodes;
      const beyond =
        limit === null || rows.length <= limit
          ? new Set<string>()
          : await beyondOf(rows, userId, plan);
      return rows.map((row) => toQrCode(row, beyond.has(row.id)));
    },

    async get(userId: string, id: string, plan: PlanType): Promise<QrCode> {
      const row = await repository.findOwned(id, userId);
      if (!row) throw notFound();
      return toQrCode(row, await isBeyond(row, await planFor(row, userId, plan)));
    },

    async create(userId: string, input: CreateQrCodeInput): Promise<QrCode> {
      // An organisation's code is its owner's (their plan's limits), made by an admin.
      const organization = input.organizationId
        ? await requireOrganizationRole(db, input.organizationId, userId, 'admin')
        : undefined;
      const ownerId = organization?.ownerId ?? userId;
      await checkHideNumbers(ownerId, input.hideNumbers);
      const result = await repository.createWithinPlanLimit({
        id: newId(),
        ownerId,
        type: input.type,
        details: input.details,
        hideNumbers: input.hideNumbers ?? false,
        limitFor: qrCodeLimitFor,
        consent:
          input.type === 'CHILD' && input.guardianConsent
            ? { kind: 'CHILD_GUARDIAN', textVersion: input.guardianConsent.textVersion }
            : undefined,
        organization: input.organizationId
          ? { id: input.organizationId, actorId: userId }
          : undefined,
      });
      if (!result.ok) {
        // Spec §9: the over-limit answer names the plan and its limit.
        throw new AppError('PLAN_QR_LIMIT', { params: { plan: result.plan, limit: result.limit } });
      }
      return toQrCode({ ...result.qr, role: organization?.role ?? 'owner' });
    },

    async update(userId: string, id: string, input: QrInput, plan: PlanType): Promise<QrCode> {
      await requireQrManager(db, id, userId);
      const current = await repository.findOwned(id, userId);
      if (!current) throw notFound();
      const ownerPlan = await planFor(current, userId, plan);
      if (await isBeyond(current, ownerPlan)) {
        throw new AppError('QR_BEYOND_PLAN_LIMIT', {
          params: { plan: ownerPlan, limit: plans[ownerPlan].limits.maxQrCodes ?? 0 },
        });
      }
      if (current.type !== input.type) {
        throw new AppError('QR_TYPE_CHANGE', { fields: { type: fieldMessage('QR_TYPE_CHANGE') } });
      }
      await checkHideNumbers(current.ownerId, input.hideNumbers);
      const row = await repository.updateDetails(id, userId, input.details, input.hideNumbers);
      if (!row) throw notFound();
      return toQrCode(row);
    },

    /** Deleting is always allowed: it is also how an owner gets back within the plan's limit. */
    async remove(userId: string, id: string): Promise<void> {
      await requireQrManager(db, id, userId);
      if (!(await repository.deleteOwned(id, userId))) throw notFound();
    },

    async setPublic(
      userId: string,
      id: string,
      isPublic: boolean,
      plan: PlanType,
    ): Promise<QrCode> {
      await requireQrManager(db, id, userId);
      const row = await repository.setPublic(id, userId, isPublic);
      if (!row) throw notFound();
      return toQrCode(row, await isBeyond(row, await planFor(row, userId, plan)));
    },
  };
}

export type QrCodesService = ReturnType<typeof createQrCodesService>;
