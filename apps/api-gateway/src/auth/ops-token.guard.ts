import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ErrorType } from '@sdd/contracts';
import { AppError } from '@sdd/common';
import { APP_CONFIG } from '@sdd/runtime';
import { GatewayConfig } from '../config';
import { OpsCredential } from './ops-credential';

/**
 * `/v1/ops/…`: the operator credential (OPS_API_TOKEN) as a bearer token.
 * Unset, nobody gets in.
 */
@Injectable()
export class OpsTokenGuard implements CanActivate {
  private readonly credential: OpsCredential;

  constructor(@Inject(APP_CONFIG) config: GatewayConfig) {
    this.credential = new OpsCredential(config.OPS_API_TOKEN);
  }

  canActivate(context: ExecutionContext): boolean {
    if (!this.credential.matches(context.switchToHttp().getRequest<FastifyRequest>().headers.authorization)) {
      throw new AppError(401, ErrorType.Authentication, 'ops_token_invalid', 'The operator API needs the operator token (OPS_API_TOKEN) as a bearer token.');
    }
    return true;
  }
}
