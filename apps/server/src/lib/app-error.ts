import {
  errorCatalog,
  errorText,
  type ErrorCode,
  type ErrorParams,
} from '@carecode/domain/errors/error-catalog';

/**
 * The one error services throw: a code of the domain's error catalog (which holds its status and
 * sentences), the values of the sentence's placeholders, and per-field messages. The error
 * handler answers `status + { code, message, params?, fields? }`.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly params?: ErrorParams;
  readonly fields?: Record<string, string>;
  readonly rows?: Array<{ line: number; fields: Record<string, string> }>;

  constructor(
    code: ErrorCode,
    options: {
      params?: ErrorParams;
      fields?: Record<string, string>;
      rows?: Array<{ line: number; fields: Record<string, string> }>;
    } = {},
  ) {
    super(errorText(code, options.params));
    this.name = 'AppError';
    this.code = code;
    this.status = errorCatalog[code].status;
    this.params = options.params;
    this.fields = options.fields;
    this.rows = options.rows;
  }

  /** The answer's body. */
  toBody() {
    return {
      code: this.code,
      message: this.message,
      ...(this.params ? { params: this.params } : {}),
      ...(this.fields ? { fields: this.fields } : {}),
      ...(this.rows ? { rows: this.rows } : {}),
    };
  }
}
