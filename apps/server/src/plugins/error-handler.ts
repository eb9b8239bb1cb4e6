import type { ErrorCode } from '@carecode/domain/errors/error-catalog';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';

/** Fastify's own failures, by their error code, as codes of the catalog. */
const fastifyErrorCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'BODY_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON',
  FST_ERR_BAD_URL: 'INVALID_TEXT',
  FST_ERR_ASYNC_CONSTRAINT: 'INVALID_TEXT',
};

/** Field messages of a failed schema validation, keyed by the field's dotted path. */
function validationFields(
  validation: Array<{ instancePath?: string; message?: string; params?: unknown }>,
) {
  const fields: Record<string, string> = {};
  for (const issue of validation) {
    const where = String(issue.instancePath ?? '')
      .replace(/^\//, '')
      .replace(/\//g, '.');
    const key =
      where || (issue.params as { issue?: { path?: unknown[] } })?.issue?.path?.join('.') || '';
    const params = issue.params as { keys?: string[]; issue?: { keys?: string[] } } | undefined;
    const keys = params?.keys ?? params?.issue?.keys;
    if (keys?.length) {
      for (const k of keys) fields[key ? `${key}.${k}` : k] = 'Unknown field';
    } else if (!(key in fields)) fields[key] = issue.message ?? 'Invalid value';
  }
  return fields;
}

/**
 * One error model: every failure answers `{ code, message, params?, fields? }` with a code of the
 * domain's catalog; 5xx answers hide their details (logged with the request id).
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  const send = (
    reply: { status(code: number): { send(body: unknown): unknown } },
    error: AppError,
  ) => reply.status(error.status).send(error.toBody());

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) return send(reply, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      return send(
        reply,
        new AppError('VALIDATION_FAILED', { fields: validationFields(error.validation) }),
      );
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return send(reply, new AppError('INTERNAL'));
    }
    const code = fastifyErrorCodes[error.code];
    if (code) return send(reply, new AppError(code));
    if (error instanceof SyntaxError) return send(reply, new AppError('INVALID_JSON'));
    if (status === 429) return send(reply, new AppError('RATE_LIMITED'));
    if (status === 404) return send(reply, new AppError('ROUTE_NOT_FOUND'));
    if (status === 405) return send(reply, new AppError('METHOD_NOT_ALLOWED'));
    request.log.info({ err: error }, 'request refused');
    return reply.status(status).send(new AppError('BAD_REQUEST').toBody());
  });

  app.setNotFoundHandler((request, reply) =>
    send(
      reply,
      new AppError('ROUTE_NOT_FOUND', {
        params: { method: request.method, path: request.url.split('?')[0].slice(0, 200) },
      }),
    ),
  );
});
