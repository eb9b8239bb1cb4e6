import type { PublicProfile } from '@carecode/domain/profiles/profile.schema';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { profileKeys } from './profile-keys.ts';

/** The read-only public profile a profile QR points to; no sign-in needed. */
export const publicProfileQueryOptions = (publicId: string) =>
  queryOptions({
    queryKey: profileKeys.public(publicId),
    queryFn: ({ signal }) =>
      apiFetch<PublicProfile>(`/profiles/${encodeURIComponent(publicId)}`, { auth: false, signal }),
  });
