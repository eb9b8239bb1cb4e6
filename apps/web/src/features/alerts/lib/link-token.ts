import { linkTokenSchema } from '@carecode/domain/alerts/alert.schema';
import type { ErrorCode } from '@carecode/domain/errors/error-catalog';
import { ApiError } from '../../../lib/api-client.ts';

/** A mailed link's token, or null when it cannot be one (missing, cut short by a mail client). */
export const readLinkToken = (value: string | null): string | null =>
  linkTokenSchema.safeParse({ token: value ?? '' }).success ? value : null;

/**
 * The code to explain a failed link with: a token the server finds malformed is as invalid as an
 * unknown one, so the reader gets the link's sentence rather than 'check the highlighted fields'.
 */
export const linkFailureCode = (error: unknown, invalidCode: ErrorCode): ErrorCode | undefined =>
  error instanceof ApiError && error.code === 'VALIDATION_FAILED' ? invalidCode : undefined;
