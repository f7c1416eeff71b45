import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { ErrorType } from '@sdd/contracts';
import { AppError } from '@sdd/common';
import { isOpsRequest, listenerOf } from '../http/listeners';
import { ApiKeyAuthenticator } from './api-key.authenticator';
import { IS_PUBLIC } from './auth-context';

/** Every public-port route needs an API key unless it is marked @Public. */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly authenticator: ApiKeyAuthenticator,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    // The ops listener serves probes to the orchestrator, which holds no key.
    if (isOpsRequest(request.raw)) return true;
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()])) return true;
    const auth = await (request.authentication ?? this.authenticator.authenticate(request.headers.authorization));
    if (auth.mode === 'live' && listenerOf(request.raw) === 'sandbox') {
      throw new AppError(
        401,
        ErrorType.Authentication,
        'api_key_mode_mismatch',
        'The sandbox address accepts test keys only (svc_test_…). Use the main address for live keys.',
      );
    }
    request.auth = { ...auth, requestId: request.id };
    return true;
  }
}
