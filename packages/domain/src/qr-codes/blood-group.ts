import { z } from 'zod';
import { bloodGroupLabels, bloodGroups } from './blood-group-labels.ts';

export { bloodGroupLabels, bloodGroups };

export const bloodGroupSchema = z.enum(bloodGroups);
export type BloodGroup = z.infer<typeof bloodGroupSchema>;

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
