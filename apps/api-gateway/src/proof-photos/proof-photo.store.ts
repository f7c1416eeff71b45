import type { ProofPhotoType } from '@sdd/contracts';
import type { StagedPhoto } from './photo-receiver';

/** Where proof photos live: local disk by default, an S3-compatible bucket by configuration. */
export interface ProofPhotoStore {
  /** Stores the staged photo under `key`; the staging file may be gone afterwards. */
  put(key: string, photo: StagedPhoto, contentType: ProofPhotoType): Promise<void>;
  delete(key: string): Promise<void>;
  /** A URL that lets whoever holds it read the photo until `expiresAt`, and not after. */
  signedUrl(key: string, expiresAt: Date): string;
}

export const PROOF_PHOTO_STORE = Symbol('PROOF_PHOTO_STORE');

/** The most a photo may weigh: a phone camera's full-size JPEG fits. */
export const MAX_PHOTO_BYTES = 8 * 1024 * 1024;
