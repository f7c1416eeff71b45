import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { AppError } from '@sdd/common';
import type { MerchantScope } from '@sdd/contracts';
import { WithRouteTraits } from '../http/route-traits';

/** Who is calling: every read and write is scoped by (merchantId, mode). */
export interface AuthContext extends MerchantScope {
  apiKeyId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AuthContext;
    /**
     * The one authentication of this request, started by the rate limit (which
     * must know whether the key is valid before counting) and awaited by the
     * guard, so the key is looked up once.
     */
    authentication?: Promise<AuthContext>;
  }
}

export const IS_PUBLIC = 'sdd:isPublic';

/** A route that needs no API key (decisions.md, Public routes); the rate limit counts it per client IP. */
export const Public = () => applyDecorators(SetMetadata(IS_PUBLIC, true), WithRouteTraits({ public: true }));

/** The authenticated caller of the current request. */
export const Auth = createParamDecorator((_data: unknown, context: ExecutionContext): AuthContext => {
  const auth = context.switchToHttp().getRequest<FastifyRequest>().auth;
  // Only a route marked @Public can run without it, and such a route must not ask for it.
  if (!auth) throw AppError.internal();
  return auth;
});
