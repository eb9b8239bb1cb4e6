import { plans, type PlanType } from '@carecode/domain/plans/plans';
import type { QrCode, QrInput } from '@carecode/domain/qr-codes/qr-code.schema';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import type { QrCodeWithScanCount, QrCodesRepository } from './qr-codes.repository.ts';

export const QR_NOT_FOUND_MESSAGE = 'QR code not found.';
export const TYPE_CHANGE_MESSAGE = 'The type of a QR code cannot be changed.';

const planNames: Record<PlanType, string> = {
  FREE: 'Free',
  BASIC: 'Basic',
  PREMIUM: 'Premium',
  BUSINESS: 'Business',
};

/** Spec §9: the over-limit answer names the limit and points to the pricing page. */
export const planLimitMessage = (plan: PlanType, limit: number): string =>
  `Your ${planNames[plan]} plan allows up to ${limit} QR codes. Upgrade on the Pricing page to create more.`;

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
  } as QrCode;
}

export function createQrCodesService(repository: QrCodesRepository) {
  const notFound = () => new AppError('NOT_FOUND', QR_NOT_FOUND_MESSAGE);

  return {
    async list(ownerId: string): Promise<QrCode[]> {
      return (await repository.listByOwner(ownerId)).map(toQrCode);
    },

    async get(ownerId: string, id: string): Promise<QrCode> {
      const row = await repository.findOwned(id, ownerId);
      if (!row) throw notFound();
      return toQrCode(row);
    },

    async create(ownerId: string, input: QrInput): Promise<QrCode> {
      const result = await repository.createWithinPlanLimit({
        id: newId(),
        ownerId,
        type: input.type,
        details: input.details,
        limitFor: (plan) => plans[plan].limits.maxQrCodes,
      });
      if (!result.ok) {
        throw new AppError('PLAN_LIMIT_REACHED', planLimitMessage(result.plan, result.limit));
      }
      return toQrCode(result.qr);
    },

    async update(ownerId: string, id: string, input: QrInput): Promise<QrCode> {
      const current = await repository.findOwned(id, ownerId);
      if (!current) throw notFound();
      if (current.type !== input.type) {
        throw new AppError('VALIDATION_FAILED', TYPE_CHANGE_MESSAGE, { type: TYPE_CHANGE_MESSAGE });
      }
      const row = await repository.updateDetails(id, ownerId, input.details);
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
