import Fastify, { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Pool } from 'pg';
import { ErrorCode, ErrorType, QuoteRecord } from '@sdd/contracts';
import { AppError, newId } from '@sdd/common';
import { presentQuote } from '@sdd/public-api';
import { ApiKeyCache, bearerKey, KeyScope } from './api-key-cache';
import { makeQuote } from './make-quote';
import { readQuoteRequest } from './quote-request';

const INSERT_QUOTE = `INSERT INTO quotes (id, merchant_id, mode, fee, fee_breakdown, currency, eta_minutes, distance_km, package_size, vehicle, category,
  scheduled_at, pickup, dropoff, expires_at, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`;

function insertValues(quote: QuoteRecord, scope: KeyScope): unknown[] {
  return [
    quote.id,
    scope.merchantId,
    scope.mode,
    quote.fee,
    JSON.stringify(quote.feeBreakdown),
    quote.currency,
    quote.etaMinutes,
    quote.distanceKm,
    quote.packageSize,
    quote.vehicle,
    quote.category,
    quote.scheduledAt,
    JSON.stringify(quote.pickup),
    JSON.stringify(quote.dropoff),
    quote.expiresAt,
    quote.createdAt,
  ];
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
 * HTTP bench measures: one Fastify app on a pg pool, the key from an
 * in-process cache, the quote priced in the request, one INSERT; a delivery
 * read by primary key. Prepared statements, as quote-service's.
 */
export function monolithApp(pool: Pool): FastifyInstance {
  const keys = new ApiKeyCache(async (keyHash) => {
    const { rows } = await pool.query<KeyScope>({ name: 'key', text: 'SELECT merchant_id AS "merchantId", mode FROM api_keys WHERE key_hash = $1', values: [keyHash] });
    return rows[0];
  });
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
    const quote = await makeQuote(readQuoteRequest(request.body), new Date());
    await pool.query({ name: 'insert-quote', text: INSERT_QUOTE, values: insertValues(quote, scope) });
    return presentQuote(quote);
  });
  app.get<{ Params: { id: string } }>('/v1/deliveries/:id', async (request) => {
    const scope = await authenticate(request);
    const { rows } = await pool.query<{ resource: unknown }>({
      name: 'delivery',
      text: 'SELECT resource FROM deliveries WHERE id = $1 AND merchant_id = $2 AND mode = $3',
      values: [request.params.id, scope.merchantId, scope.mode],
    });
    if (rows.length === 0) throw AppError.notFound('No such delivery.', 'id');
    return rows[0].resource;
  });
  return app;
}
