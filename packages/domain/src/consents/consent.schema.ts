import { z } from 'zod';
import { requiredOrInvalid, strictObject } from '../qr-codes/fields.schema.ts';

import { CHILD_GUARDIAN_TEXT_VERSION, LOCATION_PROMPT_TEXT_VERSION } from './consent-versions.ts';

export { CHILD_GUARDIAN_TEXT_VERSION, LOCATION_PROMPT_TEXT_VERSION };

export const consentKinds = ['LOCATION_SHARING', 'CHILD_GUARDIAN'] as const;
export type ConsentKind = (typeof consentKinds)[number];

/** The scanner's answer to the location prompt: the browser's permission, granted or refused. */
export const locationConsentInputSchema = strictObject({
  granted: z.boolean({ error: requiredOrInvalid }),
  textVersion: z.enum([LOCATION_PROMPT_TEXT_VERSION], { error: requiredOrInvalid }),
});
export type LocationConsentInput = z.infer<typeof locationConsentInputSchema>;

/** The owner's confirmation, when creating a Child Safety code, that they are the child's parent or guardian. */
export const childGuardianConsentSchema = strictObject({
  textVersion: z.enum([CHILD_GUARDIAN_TEXT_VERSION], { error: requiredOrInvalid }),
});
export type ChildGuardianConsent = z.infer<typeof childGuardianConsentSchema>;
