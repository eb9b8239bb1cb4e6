import { z } from 'zod';

/** The body of every non-2xx answer: the sentence the UI shows, plus per-field messages. */
export const errorBodySchema = z.object({
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const errorCodes = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'PLAN_LIMIT_REACHED',
  'NOT_FOUND',
  'CONFLICT',
  'GONE',
  'RATE_LIMITED',
  'COMING_SOON',
  'INTERNAL',
] as const;
export const errorCodeSchema = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

export const errorStatus: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  PLAN_LIMIT_REACHED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  GONE: 410,
  RATE_LIMITED: 429,
  COMING_SOON: 400,
  INTERNAL: 500,
};

type IssueLike = Pick<z.core.$ZodIssue, 'path' | 'message'> & { code?: string; keys?: string[] };

const joinPath = (path: readonly PropertyKey[]): string => path.map(String).join('.');

/**
 * Turns zod issues into `{ 'details.emergencyContact.phoneNumber': 'Phone number must be 10 digits' }`.
 * The first message per path wins; an unknown key is reported on its own path.
 */
export function zodIssuesToFields(issues: readonly IssueLike[]): Record<string, string> {
  const fields: Record<string, string> = {};
  const add = (path: string, message: string) => {
    if (!(path in fields)) fields[path] = message;
  };
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys' && issue.keys) {
      for (const key of issue.keys) add(joinPath([...issue.path, key]), issue.message);
    } else {
      add(joinPath(issue.path), issue.message);
    }
  }
  return fields;
}
