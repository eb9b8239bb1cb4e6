import { fieldMessage } from '@carecode/domain/errors/field-messages';
import { canHideNumbers } from '@carecode/domain/calls/call.schema';
import { errorCatalog } from '@carecode/domain/errors/error-catalog';
import { plans } from '@carecode/domain/plans/plans';
import type { CreateQrCodeInput, QrCode, QrInput } from '@carecode/domain/qr-codes/qr-code.schema';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import type { QrCodeWithScanCount, QrCodesRepository, QrLimitFor } from './qr-codes.repository.ts';

/** The QR limit of a plan (null: unlimited); single and bulk creation both check it. */
export const qrCodeLimitFor: QrLimitFor = (plan) => plans[plan].limits.maxQrCodes;

/** The QR as the API answers it (spec §7). */
export function toQrCode(row: QrCodeWithScanCount): QrCode {
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
  } as QrCode;
}

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

  return {
    async list(ownerId: string): Promise<QrCode[]> {
      return (await repository.listByOwner(ownerId)).map(toQrCode);
    },

    async get(ownerId: string, id: string): Promise<QrCode> {
      const row = await repository.findOwned(id, ownerId);
      if (!row) throw notFound();
      return toQrCode(row);
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

    async update(ownerId: string, id: string, input: QrInput): Promise<QrCode> {
      const current = await repository.findOwned(id, ownerId);
      if (!current) throw notFound();
      if (current.type !== input.type) {
        throw new AppError('QR_TYPE_CHANGE', { fields: { type: fieldMessage('QR_TYPE_CHANGE') } });
      }
      await checkHideNumbers(ownerId, input.hideNumbers);
      const row = await repository.updateDetails(id, ownerId, input.details, input.hideNumbers);
      if (!row) throw notFound();
      return toQrCode(row);
    },

    async setPublic(ownerId: string, id: string, isPublic: boolean): Promise<QrCode> {
      const row = await repository.setPublic(id, ownerId, isPublic);
      if (!row) throw notFound();
      return toQrCode(row);
    },
  };
}

export type QrCodesService = ReturnType<typeof createQrCodesService>;
