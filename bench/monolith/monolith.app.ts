import Fastify, { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode, ErrorType, QuoteRecord } from '@sdd/contracts';
import { AppError, newId } from '@sdd/common';
import { presentQuote } from '@sdd/public-api';
import { ApiKeyCache, bearerKey, KeyScope } from './api-key-cache';
import { makeQuote } from './make-quote';
import { MonolithStore } from './monolith.store';
import { QuoteRequest, readQuoteRequest } from './quote-request';

/** What the app does once a request is authenticated and its body read: in its own process, or across a bus hop (monolith-over-bus.ts). */
export interface MonolithWork {
  keyScope(keyHash: string): Promise<KeyScope | undefined>;
  quote(request: QuoteRequest, scope: KeyScope): Promise<QuoteRecord>;
  /** The delivery's public JSON; undefined or null when the scope has none. */
  delivery(id: string, scope: KeyScope): Promise<unknown>;
}

/** The work done where the request arrived: priced in the process, one INSERT; the read by primary key. */
export function inProcessWork(store: MonolithStore): MonolithWork {
  return {
    keyScope: (keyHash) => store.keyScope(keyHash),
    quote: async (request, scope) => {
      const quote = await makeQuote(request, new Date());
      await store.saveQuote(quote, scope);
      return quote;
    },
    delivery: (id, scope) => store.delivery(id, scope),
  };
}

/** The public error envelope, as the gateway writes it. */
function sendError(reply: FastifyReply, error: AppError): FastifyReply {
  const requestId = newId('req');
  return reply
    .status(error.status)
    .header('request-id', requestId)
    .send({ error: { type: error.type, code: error.code, message: error.message, param: error.param, request_id: requestId } });
}

/**
 * What a team would write instead of the services, for the two paths the
 * HTTP bench measures: one Fastify app, the key from an in-process cache,
 * the body read, then the work (`inProcessWork`: the quote priced in the
 * request, one INSERT; a delivery read by primary key).
 */
export function monolithApp(work: MonolithWork): FastifyInstance {
  const keys = new ApiKeyCache((keyHash) => work.keyScope(keyHash));
  const authenticate = async (request: FastifyRequest): Promise<KeyScope> => {
    const key = bearerKey(request.headers.authorization);
    const scope = key === undefined ? undefined : await keys.scopeOf(key);
    if (scope === undefined) throw new AppError(401, ErrorType.Authentication, 'api_key_invalid', 'Invalid API key.');
    return scope;
  };

  const app = Fastify({ logger: false });
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (error instanceof AppError) return sendError(reply, error);
    if (error.statusCode === 400) return sendError(reply, AppError.invalidRequest(ErrorCode.InvalidJson, 'The request body is not valid JSON.'));
    return sendError(reply, new AppError(500, ErrorType.Api, ErrorCode.InternalError, 'Something went wrong on our side.'));
  });
  app.post('/v1/quotes', async (request) => {
    const scope = await authenticate(request);
    return presentQuote(await work.quote(readQuoteRequest(request.body), scope));
  });
  app.get<{ Params: { id: string } }>('/v1/deliveries/:id', async (request) => {
    const scope = await authenticate(request);
    const resource = await work.delivery(request.params.id, scope);
    if (resource === undefined || resource === null) throw AppError.notFound('No such delivery.', 'id');
    return resource;
  });
  return app;
}
