import type { z } from 'zod';
import { zodIssuesToFields } from '../errors/error-body.schema.ts';

/** Field messages of a failed parse, `{}` when it passes (test helper). */
export function fieldErrors(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  return result.success ? {} : zodIssuesToFields(result.error.issues);
}
