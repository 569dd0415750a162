import { genericErrorMessages, type ErrorCode, type ErrorReply, type FieldErrors } from '@huddle/shared/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { DatabaseBusyError, isCausedBy } from '../db/client.ts';
import { isDatabaseUnreachable } from '../db/connection-errors.ts';
import { AppError } from './app-error.ts';
import { reportError } from './error-reporting.ts';

function send(reply: FastifyReply, status: number, code: ErrorCode, message: string, fields?: FieldErrors) {
  const body: ErrorReply = { error: fields ? { code, message, fields } : { code, message } };
  return reply.code(status).type('application/json').send(body);
}

/** Zod issue paths ("/defaultCity/name") become field keys ("defaultCity.name"). */
function fieldErrorsOf(error: FastifyError): FieldErrors {
  // A Map, then fromEntries: a field named "__proto__" must not become the object's prototype.
  const fields = new Map<string, string[]>();
  const add = (key: string, message: string) => fields.set(key, [...(fields.get(key) ?? []), message]);
  for (const issue of error.validation ?? []) {
    const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
    const keys = (issue.params as { keys?: unknown } | undefined)?.keys;
    // An unknown field is reported under its own name, so the message can say which one.
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(keys)) {
      for (const unknown of keys) add(String(unknown), 'This field is not accepted here.');
      continue;
    }
    add(key, issue.message ?? 'Invalid value.');
  }
  return Object.fromEntries(fields);
}

export const databaseBusyMessage = 'Huddle is very busy right now. Please try again in a moment.';
export const databaseUnreachableMessage = 'Huddle cannot reach its database right now. Please try again in a moment.';

/** One error shape for every failure (STYLE: one error type); 5xx never shows internals. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) return send(reply, error.status, error.code, error.message, error.fields);
    if (isCausedBy(error, DatabaseBusyError)) {
      // Every connection stayed taken for the whole acquire timeout (decision 058): an answer the
      // client can retry, and a line an operator sees, instead of a request that hangs.
      request.log.warn({ err: error }, 'no database connection came free');
      reply.header('retry-after', '5');
      return send(reply, 503, 'UNAVAILABLE', databaseBusyMessage);
    }
    if (isDatabaseUnreachable(error)) {
      // The database is restarting or unreachable (issue 31): nothing was done that the client
      // must not repeat, so it gets an answer to retry, and the operator one line, not a stack.
      request.log.warn(
        { err: { message: error.message, code: (error.cause as { code?: string })?.code } },
        'database unreachable',
      );
      reply.header('retry-after', '5');
      return send(reply, 503, 'UNAVAILABLE', databaseUnreachableMessage);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return send(reply, 400, 'VALIDATION_FAILED', genericErrorMessages.VALIDATION_FAILED, fieldErrorsOf(error));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'reply does not match its schema');
      reportError(error);
      return send(reply, 500, 'INTERNAL', genericErrorMessages.INTERNAL);
    }
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return send(reply, 413, 'PAYLOAD_TOO_LARGE', 'That request is too large.');
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return send(reply, 400, 'VALIDATION_FAILED', 'The request body is not valid JSON.');
      case 'FST_REQ_FILE_TOO_LARGE':
        return send(reply, 413, 'PAYLOAD_TOO_LARGE', 'That file is too large. Photos can be at most 5 MB.', {
          photo: ['Photos can be at most 5 MB.'],
        });
      case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
        return send(reply, 400, 'VALIDATION_FAILED', 'Send the file as multipart/form-data.');
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return send(reply, 400, 'VALIDATION_FAILED', 'Send the request body as JSON.');
    }
    if (error.statusCode === 429) return send(reply, 429, 'RATE_LIMITED', genericErrorMessages.RATE_LIMITED);
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return send(reply, 400, 'VALIDATION_FAILED', error.message);
    }
    request.log.error({ err: error }, 'unhandled error');
    reportError(error);
    return send(reply, 500, 'INTERNAL', genericErrorMessages.INTERNAL);
  });
}

/**
 * Fastify answers a few failures before any route or hook runs (an address that is not valid
 * percent-encoding, a path parameter past maxParamLength); they get the error shape too.
 */
export function handleFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      return send(reply, 400, 'VALIDATION_FAILED', 'That address is not valid.');
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return send(reply, 400, 'VALIDATION_FAILED', 'A part of that address is too long.');
    default:
      return send(reply, 500, 'INTERNAL', genericErrorMessages.INTERNAL);
  }
}

export function sendNotFound(reply: FastifyReply) {
  return send(reply, 404, 'NOT_FOUND', 'There is no such API route.');
}
