import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { AppError } from '@sdd/common';
import { OPS_ROUTE } from '@sdd/runtime';
import { isOpsRequest } from './listeners';

/**
 * Each listener serves its own routes only: the public port never shows ops
 * routes, and the reverse. Decided by the metadata of the route Nest matched,
 * not by the URL string, which percent-encoding (`/%69nternal/health`) or
 * extra slashes would let a request dress up.
 */
@Injectable()
export class ListenerGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const opsRoute = this.reflector.getAllAndOverride<boolean>(OPS_ROUTE, [context.getHandler(), context.getClass()]) === true;
    if (opsRoute !== isOpsRequest(request.raw)) {
      throw AppError.notFound('Unrecognized request URL.');
    }
    return true;
  }
}
