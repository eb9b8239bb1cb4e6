import type { TFunction } from 'i18next';
import { toast } from 'sonner';
import { ApiError } from '../../../lib/api-client.ts';

const PLAN_LIMIT_PATTERN = /allows up to (\d+) QR codes/;

/**
 * The over-limit answer (403) names the limit; in Hindi the sentence is rebuilt around it,
 * in English the server's own sentence (which also names the plan) is shown.
 */
export function planLimitText(t: TFunction<'qr-codes'>, language: string, message: string) {
  const limit = PLAN_LIMIT_PATTERN.exec(message)?.[1];
  if (language.startsWith('en') || !limit) return message;
  return t('planLimit.message', { limit: Number(limit) });
}

export function isPlanLimitError(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 403;
}

/** Toast for a refused create: the limit message with a 'View Plans' action. */
export function showPlanLimitToast(
  t: TFunction<'qr-codes'>,
  language: string,
  error: ApiError,
  goToPricing: () => void,
) {
  toast.error(planLimitText(t, language, error.message), {
    id: 'qr-plan-limit',
    action: { label: t('planLimit.viewPlans'), onClick: goToPricing },
  });
}
