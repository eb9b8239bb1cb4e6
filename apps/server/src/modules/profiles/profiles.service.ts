import { type OwnProfile, type PublicProfile } from '@carecode/domain/profiles/profile.schema';
import type { Profile, ProfileInput } from '@carecode/domain/users/user.schema';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import type { ProfilesRepository } from './profiles.repository.ts';

/** Drops empty values, so an empty field is simply absent (the UI shows 'Not specified'). */
export function compactProfile(input: ProfileInput): Profile {
  const profile: Profile = {};
  if (input.name) profile.name = input.name;
  if (input.fullName) profile.fullName = input.fullName;
  if (input.bloodGroup) profile.bloodGroup = input.bloodGroup;
  if (input.allergies) profile.allergies = input.allergies;
  const contact = input.emergencyContact;
  if (contact?.name || contact?.phoneNumber) {
    profile.emergencyContact = {
      ...(contact.name ? { name: contact.name } : {}),
      ...(contact.phoneNumber ? { phoneNumber: contact.phoneNumber } : {}),
    };
  }
  return profile;
}

/** Only the profile's own fields leave the server on the public page. */
const publicFields = (data: Profile): Profile =>
  compactProfile({
    name: data.name,
    fullName: data.fullName,
    bloodGroup: data.bloodGroup,
    allergies: data.allergies,
    emergencyContact: data.emergencyContact,
  });

export function createProfilesService(repository: ProfilesRepository) {
  return {
    async getOwn(user: { id: string; email: string | null }): Promise<OwnProfile> {
      const row =
        (await repository.findByUser(user.id)) ?? (await repository.ensure(user.id, newId()));
      return { publicId: row.publicId, email: user.email, profile: publicFields(row.data) };
    },

    async update(
      user: { id: string; email: string | null },
      input: ProfileInput,
    ): Promise<OwnProfile> {
      const existing = await repository.findByUser(user.id);
      const row = await repository.save(
        user.id,
        existing?.publicId ?? newId(),
        compactProfile(input),
      );
      return { publicId: row.publicId, email: user.email, profile: publicFields(row.data) };
    },

    async getPublic(publicId: string): Promise<PublicProfile> {
      const row = await repository.findByPublicId(publicId);
      if (!row) throw new AppError('PROFILE_NOT_FOUND');
      return { publicId: row.publicId, profile: publicFields(row.data) };
    },
  };
}
