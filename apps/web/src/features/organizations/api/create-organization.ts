import {
  organizationSchema,
  type CreateOrganizationInput,
  type Organization,
} from '@carecode/domain/organizations/organization.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { organizationKeys } from './organization-keys.ts';

/** `POST /organizations` (Business): the caller becomes its owner. */
export const createOrganization = async (input: CreateOrganizationInput) =>
  organizationSchema.parse(await apiFetch('/organizations', { method: 'POST', body: input }));

export function useCreateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrganization,
    onSuccess: (organization) => {
      queryClient.setQueryData<Organization[]>(organizationKeys.list(), (list) =>
        list ? [...list.filter((item) => item.id !== organization.id), organization] : list,
      );
      void queryClient.invalidateQueries({ queryKey: organizationKeys.list() });
    },
  });
}
