import { ArgumentsHost, Catch } from '@nestjs/common';
import { BaseExceptionFilter } from '@nestjs/core';
import { Observable, throwError } from 'rxjs';

/**
 * Nest's default RPC filter replaces any error it does not know with
 * "Internal server error". On the bus this one hands the error to the bus
 * server as it was thrown, so typed errors reach the caller with their status
 * and code. HTTP requests of the same app (probes) keep Nest's default handling.
 */
@Catch()
export class BusExceptionFilter extends BaseExceptionFilter {
  override catch(exception: unknown, host: ArgumentsHost): Observable<never> | void {
    if (host.getType() === 'rpc') return throwError(() => exception);
    return super.catch(exception, host);
  }
}
