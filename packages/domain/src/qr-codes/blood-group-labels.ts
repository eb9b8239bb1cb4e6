/**
 * Blood groups and their form labels, with no zod import, so light pages (scan, preview) can
 * show a label without loading the validation library.
 */
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

/** Form labels; the web app shows these as they are (they are not translated). */
export const bloodGroupLabels: Record<(typeof bloodGroups)[number], string> = {
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
