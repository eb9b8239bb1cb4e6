import { z } from 'zod';
import { profileSchema } from '../users/user.schema.ts';

/** Public profile ids are URL-safe random strings (the server's newId(): 22 characters). */
export const publicIdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

/** `GET`/`PUT /profile`: the signed-in owner's profile, their account e-mail and the public id. */
export const ownProfileSchema = z.object({
  publicId: z.string(),
  email: z.string().nullable(),
  profile: profileSchema,
});
export type OwnProfile = z.infer<typeof ownProfileSchema>;

/**
 * `GET /profiles/{publicId}`: what anyone scanning the profile QR sees. Only the profile's own
 * fields (name, full name, blood group, allergies, emergency contact); never the e-mail.
 */
export const publicProfileSchema = z.strictObject({
  publicId: z.string(),
  profile: profileSchema,
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;
