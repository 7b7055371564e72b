import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '#db/client.ts';
import { AppError } from '../errors.ts';

const WHERE: Record<string, string> = {
  body: 'Request body',
  params: 'URL',
  querystring: 'Query string',
  headers: 'Request headers',
};

/**
 * The one error path: every failure answers JSON `{message, code, fieldErrors?}`.
 * 4xx messages say what is wrong; 5xx details stay in the log.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError | Error, request, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.status).send({ message: err.message, code: err.code, fieldErrors: err.fieldErrors });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fieldErrors: Record<string, string[]> = {};
      for (const issue of err.validation) {
        const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        fieldErrors[key] = [...(fieldErrors[key] ?? []), issue.message ?? 'Invalid value'];
      }
      const first = err.validation[0];
      const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.');
      const where = WHERE[(err as FastifyError).validationContext ?? ''] ?? 'Request';
      const message = field ? `${where}: ${field}: ${first?.message}` : `${where}: ${first?.message ?? 'invalid'}`;
      return reply.status(400).send({ message, code: 'validation', fieldErrors });
    }
    const status = (err as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, body too large, wrong content type, …
      const code = (err as FastifyError).code;
      const message =
        code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? 'Request body is too large'
          : code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? 'Unsupported content type: send JSON'
            : code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
              ? 'Request body is empty: send JSON'
              : err instanceof SyntaxError || code === 'FST_ERR_CTP_INVALID_JSON_BODY'
                ? 'Request body is not valid JSON'
                : err.message;
      return reply.status(status).send({ message, code: code ?? 'bad_request' });
    }
    if (isDatabaseUnavailable(err)) {
      // The store recovers by itself when the database is back (pool and notifier reconnect).
      request.log.warn({ err }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ message: 'The store is briefly unavailable. Please try again in a moment.', code: 'unavailable' });
    }
    request.log.error({ err }, 'request failed');
    return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.', code: 'internal' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ message: `No such endpoint: ${request.method} ${request.url.split('?')[0]}`, code: 'not_found' });
  });
}
