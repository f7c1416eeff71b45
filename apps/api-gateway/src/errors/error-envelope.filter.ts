import { ArgumentsHost, Catch, ExceptionFilter, HttpException } from '@nestjs/common';
import { AppError } from '@sdd/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PinoLogger } from 'nestjs-pino';
import { toErrorEnvelope } from './error-envelope';

/** The one place where a failure becomes an HTTP response. */
@Catch()
export class ErrorEnvelopeFilter implements ExceptionFilter {
  constructor(private readonly logger: PinoLogger) {
    logger.setContext(ErrorEnvelopeFilter.name);
  }

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const requestId = request.id;
    // Nest turns a Fastify error into a bare HttpException; the original (captureFrameworkErrors) says which it was.
    const original = exception instanceof HttpException ? (request.frameworkError ?? exception) : exception;
    const { status, body, unexpected, headers } = toErrorEnvelope(original, requestId);
    if (unexpected) {
      this.logger.error({ err: exception, request_id: requestId }, 'unexpected error');
    } else if (status === 503 && !(exception instanceof AppError) && !(exception instanceof HttpException)) {
      this.logger.warn({ request_id: requestId, reason: (exception as Error).message }, 'dependency unavailable');
    }
    reply.status(status).headers(headers).send(body);
  }
}
