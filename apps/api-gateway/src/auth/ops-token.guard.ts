import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ErrorType } from '@sdd/contracts';
import { AppError } from '@sdd/common';
import { APP_CONFIG } from '@sdd/runtime';
import { GatewayConfig } from '../config';

const digest = (value: string): Buffer => createHash('sha256').update(value).digest();

/**
 * `/v1/ops/…`: the operator credential (OPS_API_TOKEN) as a bearer token,
 * compared in constant time (digests of equal length). Unset, nobody gets in.
 */
@Injectable()
export class OpsTokenGuard implements CanActivate {
  private readonly expected?: Buffer;

  constructor(@Inject(APP_CONFIG) config: GatewayConfig) {
    this.expected = config.OPS_API_TOKEN ? digest(config.OPS_API_TOKEN) : undefined;
  }

  canActivate(context: ExecutionContext): boolean {
    const header = context.switchToHttp().getRequest<FastifyRequest>().headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/.exec(header);
    if (!this.expected || !match || !timingSafeEqual(digest(match[1]), this.expected)) {
      throw new AppError(401, ErrorType.Authentication, 'ops_token_invalid', 'The operator API needs the operator token (OPS_API_TOKEN) as a bearer token.');
    }
    return true;
  }
}
