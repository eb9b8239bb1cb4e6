import type { OwnProfile } from '@carecode/domain/profiles/profile.schema';
import type { ProfileInput } from '@carecode/domain/users/user.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { profileKeys } from './profile-keys.ts';

/** Saves the profile; the answer replaces the cached one and public views refetch. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) =>
      apiFetch<OwnProfile>('/profile', { method: 'PUT', body: input }),
    onSuccess: (profile) => {
      queryClient.setQueryData(profileKeys.own(), profile);
      void queryClient.invalidateQueries({ queryKey: [...profileKeys.all, 'public'] });
    },
  });
}
