import { Controller, Get, Inject, Param, Query, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth/auth-context';
import { LocalDiskPhotoStore } from './local-disk-photo.store';
import { checkPhotoUrl } from './photo-url-signature';
import { photoNotFound, photoUrlExpired, photoUrlInvalid } from './proof-photo-errors';
import { PROOF_PHOTO_STORE, ProofPhotoStore } from './proof-photo.store';

const CONTENT_TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };
const DELIVERY_ID = /^[A-Za-z0-9_-]{1,100}$/;
const FILE = /^[a-f0-9]{16}-[a-f0-9]{64}\.(jpg|png|webp)$/;

/**
 * The local store's photos, to the URLs GET /v1/deliveries/{id}/proof
 * signed: public, like a presigned S3 URL, and useless once expired or
 * altered. Nothing here exists when photos live in S3.
 */
@ApiExcludeController()
@Public()
@Controller('proof-photos')
export class ProofPhotosController {
  constructor(@Inject(PROOF_PHOTO_STORE) private readonly store: ProofPhotoStore) {}

  @Get(':deliveryId/:file')
  async photo(
    @Param('deliveryId') deliveryId: string,
    @Param('file') file: string,
    @Query('expires') expires: unknown,
    @Query('signature') signature: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    const store = this.store;
    if (!(store instanceof LocalDiskPhotoStore) || !DELIVERY_ID.test(deliveryId) || !FILE.test(file)) throw photoNotFound();
    const key = `proof-photos/${deliveryId}/${file}`;
    if (typeof expires !== 'string' || typeof signature !== 'string') throw photoUrlInvalid();
    const check = checkPhotoUrl(store.signatureSecret(), key, expires, signature, Math.floor(Date.now() / 1000));
    if (check === 'invalid') throw photoUrlInvalid();
    if (check === 'expired') throw photoUrlExpired();
    let bytes: Buffer;
    try {
      bytes = await store.read(key);
    } catch {
      throw photoNotFound();
    }
    const maxAge = Math.max(0, Number(expires) - Math.floor(Date.now() / 1000));
    reply
      .header('content-type', CONTENT_TYPES[file.slice(file.lastIndexOf('.') + 1)])
      .header('cache-control', `private, max-age=${maxAge}`)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'")
      .header('referrer-policy', 'no-referrer');
    return bytes;
  }
}
