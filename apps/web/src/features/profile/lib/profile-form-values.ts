import type { BloodGroup } from '@carecode/domain/qr-codes/blood-group';
import { zodIssuesToFields } from '@carecode/domain/errors/error-body.schema';
import {
  profileInputSchema,
  type Profile,
  type ProfileInput,
} from '@carecode/domain/users/user.schema';
import type { FieldErrors, Resolver } from 'react-hook-form';

/** What the edit form holds: every field a string, '' for "not specified". */
export interface ProfileFormValues {
  name: string;
  fullName: string;
  bloodGroup: BloodGroup | '';
  allergies: string;
  emergencyContact: { name: string; phoneNumber: string };
}

export function toFormValues(profile: Profile): ProfileFormValues {
  return {
    name: profile.name ?? '',
    fullName: profile.fullName ?? '',
    bloodGroup: profile.bloodGroup ?? '',
    allergies: profile.allergies ?? '',
    emergencyContact: {
      name: profile.emergencyContact?.name ?? '',
      phoneNumber: profile.emergencyContact?.phoneNumber ?? '',
    },
  };
}

/** The request body: the unselected blood group is left out; the server drops empty texts. */
export function toProfileInput(values: ProfileFormValues): ProfileInput {
  return {
    name: values.name,
    fullName: values.fullName,
    ...(values.bloodGroup ? { bloodGroup: values.bloodGroup } : {}),
    allergies: values.allergies,
    emergencyContact: {
      name: values.emergencyContact.name,
      phoneNumber: values.emergencyContact.phoneNumber,
    },
  };
}

/** Turns `{ 'emergencyContact.phoneNumber': 'message' }` into react-hook-form's nested errors. */
export function toFieldErrors(fields: Record<string, string>): FieldErrors<ProfileFormValues> {
  const errors: Record<string, unknown> = {};
  for (const [path, message] of Object.entries(fields)) {
    const parts = path.split('.');
    let node = errors;
    parts.slice(0, -1).forEach((part) => {
      node[part] ??= {};
      node = node[part] as Record<string, unknown>;
    });
    node[parts[parts.length - 1]] = { type: 'validation', message };
  }
  return errors as FieldErrors<ProfileFormValues>;
}

/** Checks the form with the same domain schema the server uses (spec §5). */
export const profileFormResolver: Resolver<ProfileFormValues> = async (values) => {
  const result = profileInputSchema.safeParse(toProfileInput(values));
  if (result.success) return { values, errors: {} };
  return { values: {}, errors: toFieldErrors(zodIssuesToFields(result.error.issues)) };
};
