import { rm } from 'node:fs/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest, RequestPayload } from 'fastify';
import { Pattern, PROOF_PHOTO_TYPES } from '@sdd/contracts';
import { BusClient } from '@sdd/bus';
import type { DriverSessionAuthenticator } from '../driver-sessions/driver-session.authenticator';
import { routeTraitsOf } from '../http/route-traits';
import { photoMediaTypeUnsupported, photoTooLarge } from './proof-photo-errors';
import { MAX_PHOTO_BYTES } from './proof-photo.store';
import { isStagedPhoto, receivePhoto, StagedPhoto } from './photo-receiver';

type Done = (error: Error | null, body?: StagedPhoto) => void;

/** A refusal of a body nobody will read: the connection closes after it rather than waiting for the rest. */
function refuseUnread(reply: FastifyReply, done: (error?: Error) => void, error: Error): void {
  reply.header('connection', 'close');
  done(error);
}

const isPhotoType = (contentType: string | undefined): boolean => PROOF_PHOTO_TYPES.some((type) => contentType?.split(';')[0].trim().toLowerCase() === type);

/**
 * Photo bodies, for the routes whose traits ask for them (`photoBody`) and no
 * others: an image sent anywhere else is refused before a byte of it is read.
 * A photo is read only from a driver delivery-service knows: the token is
 * checked before the body (anyone else is refused while still sending, and
 * the connection closed, so a made-up token costs neither memory nor disk);
 * a known driver's photo over MAX_PHOTO_BYTES is refused as soon as it is
 * known to be, and never stored.
 */
export function registerPhotoBodyParser(fastify: FastifyInstance, bus: BusClient, stagingDirectory: string, drivers: DriverSessionAuthenticator): void {
  fastify.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
    if (!isPhotoType(request.headers['content-type'])) return done();
    if (!routeTraitsOf(request).photoBody) return refuseUnread(reply, done, photoMediaTypeUnsupported());
    done();
  });
  fastify.addHook('preParsing', async (request: FastifyRequest, reply: FastifyReply, payload: RequestPayload): Promise<RequestPayload> => {
    if (!routeTraitsOf(request).photoBody) return payload;
    try {
      // The cheapest read that names the driver: delivery-service answers 401 for a token it does not know
      // (the driver app's session stands for its token; an ended one is 401 already).
      const { driverTokenHash } = await drivers.credentialOf(request.headers);
      await bus.request(Pattern.ListDriverReroutes, { tokenHash: driverTokenHash }, { requestId: request.id });
    } catch (error) {
      reply.header('connection', 'close');
      throw error;
    }
    // A known driver's oversized photo is refused unstored, but its connection stays: Node reads the rest and
    // discards it, so the app gets its 413 instead of a connection cut while it was still sending.
    if (Number(request.headers['content-length'] ?? 0) > MAX_PHOTO_BYTES) throw photoTooLarge();
    return payload;
  });
  // Streamed to a staging file under the cap, never held whole in memory; removed once the request is answered.
  fastify.addContentTypeParser([...PROOF_PHOTO_TYPES], (_request: FastifyRequest, payload: NodeJS.ReadableStream, done: Done) => {
    receivePhoto(payload, stagingDirectory, MAX_PHOTO_BYTES).then(
      (photo) => done(null, photo),
      (error: Error) => done(error),
    );
  });
  const removeStaged = async (request: FastifyRequest): Promise<void> => {
    if (isStagedPhoto(request.body)) await rm(request.body.file, { force: true });
  };
  fastify.addHook('onResponse', removeStaged);
  fastify.addHook('onRequestAbort', removeStaged);
}
