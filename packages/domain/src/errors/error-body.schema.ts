import { z } from 'zod';

import { errorCatalog, errorCodes, type ErrorCode } from './error-catalog.ts';

export { errorCodes, type ErrorCode } from './error-catalog.ts';

export const errorCodeSchema = z.enum(errorCodes as [ErrorCode, ...ErrorCode[]]);

/**
 * The body of every non-2xx answer: a stable code, the English sentence, the values of the
 * sentence's placeholders, and per-field messages for validation errors.
 */
export const errorBodySchema = z.object({
  code: errorCodeSchema,
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  fields: z.record(z.string(), z.string()).optional(),
  /** A bulk upload's bad rows: each row's line in the file and its field messages. */
  rows: z
    .array(z.object({ line: z.number().int(), fields: z.record(z.string(), z.string()) }))
    .optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The HTTP status of each code. */
export const errorStatus = Object.fromEntries(
  errorCodes.map((code) => [code, errorCatalog[code].status]),
) as Record<ErrorCode, number>;

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
