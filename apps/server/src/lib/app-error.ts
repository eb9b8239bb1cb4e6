import { errorStatus, type ErrorCode } from '@carecode/domain/errors/error-body.schema';

/** The one error services throw; the error handler turns it into `status + { message, fields? }`. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields?: Record<string, string>;

  constructor(code: ErrorCode, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = errorStatus[code];
    this.fields = fields;
  }
}

export const notFound = (message = 'Not found.') => new AppError('NOT_FOUND', message);
