import { ArgumentsHost, Catch, RpcExceptionFilter } from '@nestjs/common';
import { Observable, throwError } from 'rxjs';

/**
 * Nest's default RPC filter replaces any error it does not know with
 * "Internal server error". This one hands the error to the bus server as it
 * was thrown, so typed errors reach the caller with their status and code.
 */
@Catch()
export class BusExceptionFilter implements RpcExceptionFilter<unknown> {
  catch(exception: unknown, _host: ArgumentsHost): Observable<never> {
    return throwError(() => exception);
  }
}
