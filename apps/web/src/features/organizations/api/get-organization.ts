import { organizationDetailSchema } from '@carecode/domain/organizations/organization.schema';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { organizationKeys } from './organization-keys.ts';

/** `GET /organizations/{id}`: the organisation, its members and (for admins) open invitations. */
export const getOrganization = async (id: string, signal?: AbortSignal) =>
  organizationDetailSchema.parse(
    await apiFetch(`/organizations/${encodeURIComponent(id)}`, { signal }),
  );

export const organizationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: organizationKeys.detail(id),
    queryFn: ({ signal }) => getOrganization(id, signal),
    staleTime: 0,
  });
