import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';

/** One error model: AppError and validation errors map to `{ message, fields? }`; 5xx hide details. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.status)
        .send(
          error.fields
            ? { message: error.message, fields: error.fields }
            : { message: error.message },
        );
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
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
      const context = error.validationContext ?? 'body';
      return reply
        .status(400)
        .send({ message: `Invalid ${context}: please check the highlighted fields.`, fields });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ message: 'An error occurred. Please try again.' });
    }
    if (status === 429) return reply.status(429).send({ message: error.message });
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({ message: 'The request body is too large.' });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send({ message: 'Send the request body as JSON.' });
    }
    if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error instanceof SyntaxError) {
      return reply.status(400).send({ message: 'The request body is not valid JSON.' });
    }
    return reply.status(status).send({ message: error.message });
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send({ message: `No route for ${request.method} ${request.url.split('?')[0]}.` });
  });
});
