import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { Logger, Provider } from '@nestjs/common';
import { APP_CONFIG } from '@sdd/runtime';
import { GatewayConfig } from '../config';
import { LocalDiskPhotoStore } from './local-disk-photo.store';
import { PROOF_PHOTO_STORE, ProofPhotoStore } from './proof-photo.store';
import { S3PhotoStore } from './s3-photo.store';

const S3_TIMEOUT_MS = 10_000;

export function createProofPhotoStore(config: GatewayConfig): ProofPhotoStore {
  if (config.PROOF_PHOTO_STORE === 's3') {
    return new S3PhotoStore({
      endpoint: config.S3_ENDPOINT ?? '',
      bucket: config.S3_BUCKET ?? '',
      credentials: { accessKeyId: config.S3_ACCESS_KEY_ID ?? '', secretAccessKey: config.S3_SECRET_ACCESS_KEY ?? '', region: config.S3_REGION, service: 's3' },
      timeoutMs: S3_TIMEOUT_MS,
    });
  }
  let secret = config.PROOF_URL_SECRET;
  if (secret === undefined) {
    secret = randomBytes(32).toString('hex');
    new Logger('ProofPhotoStore').warn('PROOF_URL_SECRET is not set: photo URLs are signed with a key of this process only; set it when running several gateway replicas.');
  }
  return new LocalDiskPhotoStore(resolve(config.PROOF_PHOTO_DIR), config.PUBLIC_BASE_URL, secret);
}

export const proofPhotoStoreProvider: Provider = {
  provide: PROOF_PHOTO_STORE,
  inject: [APP_CONFIG],
  useFactory: createProofPhotoStore,
};
