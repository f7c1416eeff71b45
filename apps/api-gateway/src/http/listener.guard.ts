import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { AppError } from '@sdd/common';
import { isOpsPath, isOpsRequest } from './listeners';

/** Each listener serves its own routes only: the public port never shows ops routes, and the reverse. */
@Injectable()
export class ListenerGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (isOpsPath(request.url) !== isOpsRequest(request.raw)) {
      throw AppError.notFound('Unrecognized request URL.');
    }
    return true;
  }
}
