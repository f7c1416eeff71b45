import { CanActivate, createParamDecorator, ExecutionContext, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ErrorType } from '@sdd/contracts';
import { AppError } from '@sdd/common';

declare module 'fastify' {
  interface FastifyRequest {
    /** SHA-256 of the driver token sent: delivery-service finds the driver by it (the token itself never leaves the gateway). */
    driverTokenHash?: string;
  }
}

const DRIVER_TOKEN = /^Bearer\s+(drv_tok_[0-9A-Za-z]{32})$/;

/** The SHA-256 of the driver token in an Authorization header; 401 when there is none of its shape. */
export function driverTokenHashOf(authorization: string | undefined): string {
  const match = DRIVER_TOKEN.exec(authorization ?? '');
  if (!match) {
    throw new AppError(401, ErrorType.Authentication, 'driver_token_invalid', 'The driver API needs the driver token (drv_tok_…) as a bearer token.');
  }
  return createHash('sha256').update(match[1]).digest('hex');
}

/** `/v1/driver/…`: a driver's own token. Its shape is checked here; whether it names a driver, by delivery-service (401 otherwise). */
@Injectable()
export class DriverTokenGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    request.driverTokenHash = driverTokenHashOf(request.headers.authorization);
    return true;
  }
}

/** The calling driver's token hash, set by DriverTokenGuard. */
export const DriverToken = createParamDecorator((_data: unknown, context: ExecutionContext): string => {
  const hash = context.switchToHttp().getRequest<FastifyRequest>().driverTokenHash;
  if (!hash) throw AppError.internal();
  return hash;
});
