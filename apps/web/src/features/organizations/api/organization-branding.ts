import { brandingOfOrganization } from '@carecode/domain/organizations/branding';
import type {
  Organization,
  OrganizationDetail,
} from '@carecode/domain/organizations/organization.schema';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/**
 * An organisation's branding: read for its codes' cards, changed by its admins (the colour
 * through `PATCH /organizations/{id}`, the logo through `/organizations/{id}/logo`).
 */

/** The organisations' query keys (`['organizations', 'detail', id]` is GET /organizations/{id}). */
const organizationKeys = {
  all: ['organizations'] as const,
  detail: (id: string) => [...organizationKeys.all, 'detail', id] as const,
};

const organizationPath = (id: string) => `/organizations/${encodeURIComponent(id)}`;

export const getOrganization = (id: string, signal?: AbortSignal) =>
  apiFetch<OrganizationDetail>(organizationPath(id), { signal });

/** The branding an organisation's cards show (its colour checked for white text). */
export const organizationBrandingQueryOptions = (id: string) =>
  queryOptions({
    queryKey: organizationKeys.detail(id),
    queryFn: ({ signal }) => getOrganization(id, signal),
    select: brandingOfOrganization,
    staleTime: 60_000,
  });

/** Every organisation query is stale once the branding changes (lists, details, cards). */
function useRefreshOrganizations() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: organizationKeys.all });
}

/** `PATCH /organizations/{id}` with `{ brandColor }` (null: back to the default colour). */
export function useSetBrandColor(organizationId: string) {
  const refresh = useRefreshOrganizations();
  return useMutation({
    mutationFn: (brandColor: string | null) =>
      apiFetch<Organization>(organizationPath(organizationId), {
        method: 'PATCH',
        body: { brandColor },
      }),
    onSuccess: refresh,
  });
}

/** `PUT /organizations/{id}/logo`: the file as field `logo`; answers the new logo's address. */
export function useUploadLogo(organizationId: string) {
  const refresh = useRefreshOrganizations();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('logo', file);
      return apiFetch<{ logoUrl: string }>(`${organizationPath(organizationId)}/logo`, {
        method: 'PUT',
        body,
      });
    },
    onSuccess: refresh,
  });
}

/** `DELETE /organizations/{id}/logo` */
export function useRemoveLogo(organizationId: string) {
  const refresh = useRefreshOrganizations();
  return useMutation({
    mutationFn: () =>
      apiFetch<void>(`${organizationPath(organizationId)}/logo`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}
