import { planFromGroups, type PlanType } from '@carecode/domain/plans/plans';
import { useAuth } from 'react-oidc-context';

/** Spec §4: the plan from the ID token's groups (premium, else basic, else Free). */
export function useCurrentPlan(): PlanType {
  const auth = useAuth();
  const groups = auth.user?.profile.groups;
  return planFromGroups(Array.isArray(groups) ? (groups as string[]) : undefined);
}
