import { z } from 'zod';

export const bloodGroups = [
  'A_POSITIVE',
  'A_NEGATIVE',
  'B_POSITIVE',
  'B_NEGATIVE',
  'AB_POSITIVE',
  'AB_NEGATIVE',
  'O_POSITIVE',
  'O_NEGATIVE',
  'DONT_KNOW',
] as const;
export const bloodGroupSchema = z.enum(bloodGroups);
export type BloodGroup = z.infer<typeof bloodGroupSchema>;

/** Form labels; the web app shows these as they are (they are not translated). */
export const bloodGroupLabels: Record<BloodGroup, string> = {
  A_POSITIVE: 'A+',
  A_NEGATIVE: 'A-',
  B_POSITIVE: 'B+',
  B_NEGATIVE: 'B-',
  AB_POSITIVE: 'AB+',
  AB_NEGATIVE: 'AB-',
  O_POSITIVE: 'O+',
  O_NEGATIVE: 'O-',
  DONT_KNOW: "Don't Know",
};

const byLabel = new Map<string, BloodGroup>(
  bloodGroups.map((group) => [bloodGroupLabels[group], group]),
);
const isBloodGroup = (value: string): value is BloodGroup =>
  (bloodGroups as readonly string[]).includes(value);

/** Spec §5: an unknown blood group (including the label "Don't Know") maps to DONT_KNOW. */
export function toBloodGroup(value: unknown): BloodGroup {
  if (typeof value !== 'string') return 'DONT_KNOW';
  const trimmed = value.trim();
  if (isBloodGroup(trimmed)) return trimmed;
  return byLabel.get(trimmed.toUpperCase()) ?? 'DONT_KNOW';
}
