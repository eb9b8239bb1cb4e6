import {
  organizationSchema,
  type UpdateOrganizationInput,
} from '@carecode/domain/organizations/organization.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { organizationKeys } from './organization-keys.ts';

/** `PATCH /organizations/{id}` (admins): the name and the brand colour. */
export const updateOrganization = async ({
  id,
  input,
}: {
  id: string;
  input: UpdateOrganizationInput;
}) =>
  organizationSchema.parse(
    await apiFetch(`/organizations/${encodeURIComponent(id)}`, { method: 'PATCH', body: input }),
  );

export function useUpdateOrganization(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateOrganizationInput) => updateOrganization({ id, input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKeys.all }),
  });
}
