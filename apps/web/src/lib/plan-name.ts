import { planNames, type PlanType } from '@carecode/domain/plans/plans';
import { useTranslation } from 'react-i18next';

/** The plan's name in the page's language (the domain's one list of plan names). */
export function usePlanName(): (plan: PlanType) => string {
  const { i18n } = useTranslation();
  const names = planNames[i18n.language === 'hi' ? 'hi' : 'en'];
  return (plan) => names[plan] ?? plan;
}
