import { Get, Param, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { AppError } from '@sdd/common';
import { appFileFor, AppFiles, loadAppFiles } from './app-files';

/**
 * A built web app's static files under the subclass's @Controller prefix, and
 * index.html for its client routes, with the app's own CSP (PageSecurity's hook
 * adds the no-framing headers). Subclasses are public: the apps sign in through the API.
 */
export abstract class WebAppController {
  private readonly files: AppFiles;

  protected constructor(
    dir: string,
    private readonly csp: string,
  ) {
    this.files = loadAppFiles(dir);
  }

  @Get()
  index(@Res() reply: FastifyReply): FastifyReply {
    return this.send(reply, '');
  }

  /** Fastify's own wildcard (the gateway runs on Fastify): the rest of the path is its `*` parameter. */
  @Get('*')
  file(@Param('*') path: string, @Res() reply: FastifyReply): FastifyReply {
    return this.send(reply, path);
  }

  private send(reply: FastifyReply, path: string): FastifyReply {
    const file = appFileFor(this.files, path);
    if (!file) throw AppError.notFound('Unrecognized request URL.');
    return reply.type(file.contentType).header('cache-control', file.cacheControl).header('content-security-policy', this.csp).send(file.body);
  }
}
