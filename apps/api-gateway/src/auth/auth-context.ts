import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { AppError } from '@sdd/common';
import type { MerchantScope } from '@sdd/contracts';

/** Who is calling: every read and write is scoped by (merchantId, mode). */
export interface AuthContext extends MerchantScope {
  apiKeyId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AuthContext;
  }
}

export const IS_PUBLIC = 'sdd:isPublic';

/** A route that needs no API key (decisions.md, Public routes). */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/** The authenticated caller of the current request. */
export const Auth = createParamDecorator((_data: unknown, context: ExecutionContext): AuthContext => {
  const auth = context.switchToHttp().getRequest<FastifyRequest>().auth;
  // Only a route marked @Public can run without it, and such a route must not ask for it.
  if (!auth) throw AppError.internal();
  return auth;
});
