import type { FastifyReply, FastifyRequest } from 'fastify';
import { MerchantScope } from '@sdd/contracts';
import { AppError } from '@sdd/common';
import { IdempotencyService } from './idempotency.service';
import { isValidIdempotencyKey } from './request-hash';

/** What a backend answers for one creation: the public resource, and whether it found the request's outcome already there. */
export interface Created<T> {
  resource: T;
  replayed: boolean;
}

/**
 * A 201 creation under the optional Idempotency-Key (POST /v1/deliveries, POST
 * /v1/checkouts): without a key it just runs; with one, the first response is
 * kept and replayed byte for byte with `Idempotent-Replayed: true`, and the
 * backend gets the key's request token, so every attempt names the same object.
 */
export async function idempotentCreate<T>(
  idempotency: IdempotencyService,
  scope: MerchantScope,
  idempotencyKey: string | undefined,
  request: FastifyRequest,
  reply: FastifyReply,
  create: (requestToken?: string) => Promise<Created<T>>,
): Promise<T | string> {
  if (idempotencyKey === undefined) return (await create()).resource;
  if (!isValidIdempotencyKey(idempotencyKey)) {
    throw AppError.invalidRequest('parameter_invalid', 'Idempotency-Key must be 1–255 printable ASCII characters.', 'Idempotency-Key');
  }
  try {
    const stored = await idempotency.run(scope, idempotencyKey, request.body, request.id, async (requestToken) => {
      const created = await create(requestToken);
      return { status: 201, body: created.resource, replayed: created.replayed };
    });
    reply.status(stored.status).header('content-type', 'application/json; charset=utf-8');
    if (stored.replayed) reply.header('Idempotent-Replayed', 'true');
    return stored.body;
  } catch (error) {
    if (error instanceof AppError && error.code === 'idempotency_key_in_use') reply.header('Retry-After', '1');
    throw error;
  }
}
