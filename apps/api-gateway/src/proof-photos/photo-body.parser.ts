import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PROOF_PHOTO_TYPES } from '@sdd/contracts';
import { routeTraitsOf } from '../http/route-traits';
import { photoMediaTypeUnsupported, photoTooLarge } from './proof-photo-errors';
import { MAX_PHOTO_BYTES } from './proof-photo.store';

type Done = (error: Error | null, body?: unknown) => void;

const isPhotoType = (contentType: string | undefined): boolean => PROOF_PHOTO_TYPES.some((type) => contentType?.split(';')[0].trim().toLowerCase() === type);

/**
 * Photo bodies, for the routes whose traits ask for them (`photoBody`) and no
 * others: an image sent anywhere else is refused before a byte of it is read,
 * and a photo over MAX_PHOTO_BYTES as soon as it is known to be.
 */
export function registerPhotoBodyParser(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
    if (!isPhotoType(request.headers['content-type'])) return done();
    if (!routeTraitsOf(request).photoBody) return done(photoMediaTypeUnsupported());
    if (Number(request.headers['content-length'] ?? 0) > MAX_PHOTO_BYTES) return done(photoTooLarge());
    done();
  });
  fastify.addContentTypeParser([...PROOF_PHOTO_TYPES], (_request: FastifyRequest, payload: NodeJS.ReadableStream, done: Done) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let finished = false;
    const finish = (error: Error | null, body?: Buffer) => {
      if (finished) return;
      finished = true;
      done(error, body);
    };
    payload.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_PHOTO_BYTES) {
        finish(photoTooLarge());
        payload.removeAllListeners('data');
        payload.resume();
        return;
      }
      chunks.push(chunk);
    });
    payload.on('end', () => finish(null, Buffer.concat(chunks, size)));
    payload.on('error', (error: Error) => finish(error));
  });
}
