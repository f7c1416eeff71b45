import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { AppError } from '@sdd/common';
import type { MerchantScope } from '@sdd/contracts';
import { WithRouteTraits } from '../http/route-traits';

/** What an API key stands for: every read and write is scoped by (merchantId, mode). */
export interface ApiKeyScope extends MerchantScope {
  apiKeyId: string;
}

/**
 * Who is calling in this request: the key's scope, and the request's id,
 * which the bus messages sent for it carry (`BusClient.requestFor` reads it:
 * the gateway enters no async context per request, whose promise hooks cost
 * every promise of every request; docs/architecture.md).
 */
export interface AuthContext extends ApiKeyScope {
  requestId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AuthContext;
    /**
     * The one authentication of this request, started by the rate limit (which
     * must know whether the key is valid before counting) and awaited by the
     * guard, so the key is looked up once.
     */
    authentication?: Promise<ApiKeyScope>;
  }
}

export const IS_PUBLIC = 'sdd:isPublic';

/** A route that needs no API key (decisions.md, Public routes); the rate limit counts it per client IP. */
export const Public = () => applyDecorators(SetMetadata(IS_PUBLIC, true), WithRouteTraits({ public: true }));

/** The id of the current request (X-Request-Id), for the bus messages of a route that has no API key's scope. */
export const RequestId = createParamDecorator((_data: unknown, context: ExecutionContext): string => context.switchToHttp().getRequest<FastifyRequest>().id);

/** The authenticated caller of the current request. */
export const Auth = createParamDecorator((_data: unknown, context: ExecutionContext): AuthContext => {
  const auth = context.switchToHttp().getRequest<FastifyRequest>().auth;
  // Only a route marked @Public can run without it, and such a route must not ask for it.
  if (!auth) throw AppError.internal();
  return auth;
});
