import { createHash } from 'node:crypto';
import type { ProofPhotoType } from '@sdd/contracts';

const EXTENSIONS: Record<ProofPhotoType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/**
 * Where a proof photo is stored: per delivery, per driver token and per
 * content. Two drivers never share a name, so refusing one driver's upload
 * can delete what it stored without touching a photo another driver attached;
 * the same driver sending the same photo again writes the same name.
 */
export function proofPhotoKey(deliveryId: string, tokenHash: string, sha256: string, contentType: ProofPhotoType): string {
  const uploader = createHash('sha256').update(`proof-photo-uploader\n${tokenHash}`).digest('hex').slice(0, 16);
  return `proof-photos/${deliveryId}/${uploader}-${sha256}.${EXTENSIONS[contentType]}`;
}
