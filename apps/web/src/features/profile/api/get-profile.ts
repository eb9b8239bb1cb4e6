import type { OwnProfile } from '@carecode/domain/profiles/profile.schema';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { profileKeys } from './profile-keys.ts';

/** The signed-in user's profile (created empty on first use by the server). */
export const ownProfileQueryOptions = () =>
  queryOptions({
    queryKey: profileKeys.own(),
    queryFn: ({ signal }) => apiFetch<OwnProfile>('/profile', { signal }),
  });
