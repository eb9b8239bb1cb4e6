import { organizationListSchema } from '@carecode/domain/organizations/organization.schema';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { organizationKeys } from './organization-keys.ts';

/** `GET /organizations`: the organisations the signed-in user belongs to, with their role. */
export const getOrganizations = async (signal?: AbortSignal) =>
  organizationListSchema.parse(await apiFetch('/organizations', { signal }));

export const organizationsQueryOptions = () =>
  queryOptions({
    queryKey: organizationKeys.list(),
    queryFn: ({ signal }) => getOrganizations(signal),
    // Asked again whenever a page needing it opens: its counts change with every code created.
    staleTime: 0,
  });
