import { fieldErrorOf } from '@ecohelm/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors.ts';

/** Maps every failure to the one error shape `{ error: { code, message, details?, requestId } }`. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const requestId = String(request.id);
    const send = (status: number, code: string, message: string, details?: unknown) =>
      reply
        .status(status)
        .send({ error: { code, message, ...(details === undefined ? {} : { details }), requestId } });

    if (err instanceof AppError) return send(err.statusCode, err.code, err.message, err.details);
    if (hasZodFastifySchemaValidationErrors(err)) {
      const details = err.validation.map((v) =>
        fieldErrorOf(
          [err.validationContext, ...String(v.instancePath).split('/').filter(Boolean)].join('.'),
          { ...v.params, code: v.keyword, message: v.message },
        ),
      );
      return send(400, 'validation_failed', 'The request is not valid.', details);
    }
    if (
      err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      (err.statusCode === 400 && err instanceof SyntaxError)
    ) {
      return send(400, 'bad_json', 'The request body is not valid JSON.');
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return send(413, 'payload_too_large', 'The request body is too large.');
    }
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return send(400, 'bad_json', err.message);
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return send(err.statusCode, err.statusCode === 404 ? 'not_found' : 'validation_failed', err.message);
    }
    request.log.error({ err, requestId }, 'unhandled error');
    return send(500, 'internal', 'Internal server error.');
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({
      error: {
        code: 'not_found',
        message: `No route ${request.method} ${request.url}`,
        requestId: String(request.id),
      },
    });
  });
}
