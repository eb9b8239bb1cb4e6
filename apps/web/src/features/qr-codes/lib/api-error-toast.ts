import type { TFunction } from 'i18next';
import { toast } from 'sonner';
import { ApiError } from '../../../lib/api-client.ts';

export function isPlanLimitError(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === 'PLAN_QR_LIMIT';
}

/** Toast for a refused create: the limit sentence (naming plan and limit) with 'View Plans'. */
export function showPlanLimitToast(
  t: TFunction<'qr-codes'>,
  text: string,
  goToPricing: () => void,
) {
  toast.error(text, {
    id: 'qr-plan-limit',
    action: { label: t('planLimit.viewPlans'), onClick: goToPricing },
  });
}
