import type { FastifyServerOptions } from 'fastify';

/**
 * JSON logs with request ids. URLs are logged without their query (sign-in codes, order ids) and
 * headers, bodies and answers are never logged, so no token, phone number or medical detail
 * reaches the log.
 */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.phoneNumber',
        '*.phone',
        '*.details',
        '*.medicalDetails',
        '*.access_token',
        '*.id_token',
        '*.refresh_token',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(request: { id?: string; method?: string; url?: string; ip?: string }) {
        return { id: request.id, method: request.method, path: request.url?.split('?')[0] };
      },
      res(reply: { statusCode?: number }) {
        return { statusCode: reply.statusCode };
      },
    },
  };
}
