import { fieldMessage } from '@carecode/domain/errors/field-messages';
import { canHideNumbers } from '@carecode/domain/calls/call.schema';
import { errorCatalog } from '@carecode/domain/errors/error-catalog';
import { plans, type PlanType } from '@carecode/domain/plans/plans';
import type { CreateQrCodeInput, QrCode, QrInput } from '@carecode/domain/qr-codes/qr-code.schema';
import { AppError } from '../../lib/app-error.ts';
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
  } as QrCode;
}

/**
 * The plan's QR limit decides which codes can be edited: after a paid plan ends, the oldest codes
 * up to the lower plan's limit stay editable and the newest ones are beyond it (they keep working
 * for scanners: help is never withheld). Toggling public/private, lost mode and alert settings stay
 * open on every code.
 */
export function createQrCodesService(repository: QrCodesRepository) {
  const notFound = () => new AppError('QR_NOT_FOUND');
  /** Hiding numbers is for Premium and Business: refused on other plans, with the field named. */
  const checkHideNumbers = async (ownerId: string, hideNumbers: boolean | undefined) => {
    if (hideNumbers && !canHideNumbers(await repository.planOf(ownerId))) {
      throw new AppError('HIDE_NUMBERS_PLAN', {
        fields: { hideNumbers: errorCatalog.HIDE_NUMBERS_PLAN.en },
      });
    }
  };

  const isBeyond = async (row: QrCodeWithScanCount, plan: PlanType) => {
    const limit = plans[plan].limits.maxQrCodes;
    if (limit === null) return false;
    return (await repository.countOlder(row.ownerId, row.id)) >= limit;
  };

  return {
    async list(ownerId: string, plan: PlanType): Promise<QrCode[]> {
      const rows = await repository.listByOwner(ownerId);
      const limit = plans[plan].limits.maxQrCodes;
      const beyond = new Set(
        limit === null || rows.length <= limit ? [] : await repository.newestBeyond(ownerId, limit),
      );
      return rows.map((row) => toQrCode(row, beyond.has(row.id)));
    },

    async get(ownerId: string, id: string, plan: PlanType): Promise<QrCode> {
      const row = await repository.findOwned(id, ownerId);
      if (!row) throw notFound();
      return toQrCode(row, await isBeyond(row, plan));
    },

    async create(ownerId: string, input: CreateQrCodeInput): Promise<QrCode> {
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
      });
      if (!result.ok) {
        // Spec §9: the over-limit answer names the plan and its limit.
        throw new AppError('PLAN_QR_LIMIT', { params: { plan: result.plan, limit: result.limit } });
      }
      return toQrCode(result.qr);
    },

    async update(ownerId: string, id: string, input: QrInput, plan: PlanType): Promise<QrCode> {
      const current = await repository.findOwned(id, ownerId);
      if (!current) throw notFound();
      if (await isBeyond(current, plan)) {
        throw new AppError('QR_BEYOND_PLAN_LIMIT', {
          params: { plan, limit: plans[plan].limits.maxQrCodes ?? 0 },
        });
      }
      if (current.type !== input.type) {
        throw new AppError('QR_TYPE_CHANGE', { fields: { type: fieldMessage('QR_TYPE_CHANGE') } });
      }
      await checkHideNumbers(ownerId, input.hideNumbers);
      const row = await repository.updateDetails(id, ownerId, input.details, input.hideNumbers);
      if (!row) throw notFound();
      return toQrCode(row);
    },

    /** Deleting is always allowed: it is also how an owner gets back within the plan's limit. */
    async remove(ownerId: string, id: string): Promise<void> {
      if (!(await repository.deleteOwned(id, ownerId))) throw notFound();
    },

    async setPublic(
      ownerId: string,
      id: string,
      isPublic: boolean,
      plan: PlanType,
    ): Promise<QrCode> {
      const row = await repository.setPublic(id, ownerId, isPublic);
      if (!row) throw notFound();
      return toQrCode(row, await isBeyond(row, plan));
    },
  };
}

export type QrCodesService = ReturnType<typeof createQrCodesService>;
