import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Observable } from 'rxjs';
import { runWithRequestContext } from '@sdd/common';

/** Runs each handler inside its request context, so logs and bus messages carry the request id. */
@Injectable()
export class RequestContextInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const requestId = context.switchToHttp().getRequest<FastifyRequest>().id;
    return new Observable((subscriber) =>
      runWithRequestContext({ requestId }, () => next.handle().subscribe(subscriber)),
    );
  }
}
