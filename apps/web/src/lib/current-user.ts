import { planFromGroups, type PlanType } from '@carecode/domain/plans/plans';
import { userMeSchema } from '@carecode/domain/users/user.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useAuth } from 'react-oidc-context';
import { apiFetch } from './api-client.ts';

export const currentUserKeys = {
  all: ['user'] as const,
  me: () => [...currentUserKeys.all, 'me'] as const,
};

/** `GET /user/me`: the server's truth about the signed-in user, its plan included. */
export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: currentUserKeys.me(),
    queryFn: async ({ signal }) => userMeSchema.parse(await apiFetch('/user/me', { signal })),
    staleTime: 30_000,
  });

/** The signed-in user from the API (nothing is asked while signed out). */
export function useCurrentUser() {
  const auth = useAuth();
  return useQuery({ ...currentUserQueryOptions(), enabled: auth.isAuthenticated });
}

/**
 * The plan the user has: the server's answer, right at once after a payment and with an external
 * identity provider whose token carries other groups or none. Until it arrives, the token's
 * groups stand in (spec §4), so the badge does not flicker from Free.
 */
export function useCurrentPlan(): PlanType {
  const auth = useAuth();
  const me = useCurrentUser();
  if (me.data) return me.data.plan;
  const groups = auth.user?.profile.groups;
  return planFromGroups(Array.isArray(groups) ? (groups as string[]) : undefined);
}

/**
 * The plan in force with what lies behind it: the plan owned for good, and the Premium or
 * Business plan paid per period with its end (`isPaidActive` while it runs). From the server's
 * answer; until it arrives, the token's groups stand in for the plan.
 */
export function usePlanState() {
  const me = useCurrentUser().data;
  const plan = useCurrentPlan();
  const planExpiresAt = me?.planExpiresAt ?? null;
  return {
    plan,
    ownedPlan: me?.ownedPlan ?? plan,
    paidPlan: me?.paidPlan ?? null,
    paidPeriod: me?.paidPeriod ?? null,
    planExpiresAt,
    isPaidActive: Boolean(me?.paidPlan && planExpiresAt && plan === me.paidPlan),
  };
}
