import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { AppError } from '@sdd/common';
import { Public } from '../auth/auth-context';
import { TrackingPageContent } from './tracking-page.content';

/**
 * The tracking page's script, styles and Leaflet, at /track/assets/<hashed
 * name>: only the names TrackingPageContent lists, from memory. Public and
 * counted per client IP like other keyless routes; a name never changes
 * content, so browsers keep them for good.
 */
@ApiExcludeController()
@Public()
@Controller('track/assets')
export class TrackingAssetsController {
  constructor(private readonly content: TrackingPageContent) {}

  @Get(':file')
  file(@Param('file') name: string, @Res() reply: FastifyReply): FastifyReply {
    const file = this.content.files.get(name);
    if (!file) throw AppError.notFound('Unrecognized request URL.');
    return reply.type(file.contentType).header('cache-control', 'public, max-age=31536000, immutable').header('x-content-type-options', 'nosniff').send(file.body);
  }
}
