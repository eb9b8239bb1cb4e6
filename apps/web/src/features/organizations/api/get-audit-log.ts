import { auditPageSchema } from '@carecode/domain/organizations/organization.schema';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { organizationKeys } from './organization-keys.ts';

export const AUDIT_PAGE_SIZE = 20;

/** `GET /organizations/{id}/audit` (admins): newest first, the next page before `nextBefore`. */
export const getAuditLog = async (
  organizationId: string,
  { before, limit = AUDIT_PAGE_SIZE }: { before?: number; limit?: number } = {},
  signal?: AbortSignal,
) => {
  const params = new URLSearchParams({ limit: String(limit) });
  if (before !== undefined) params.set('before', String(before));
  return auditPageSchema.parse(
    await apiFetch(`/organizations/${encodeURIComponent(organizationId)}/audit?${params}`, {
      signal,
    }),
  );
};

export const auditLogQueryOptions = (organizationId: string) =>
  infiniteQueryOptions({
    queryKey: organizationKeys.audit(organizationId),
    queryFn: ({ pageParam, signal }) =>
      getAuditLog(organizationId, { before: pageParam ?? undefined }, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.nextBefore,
  });
