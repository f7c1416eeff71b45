import type { ProofPhotoType } from '@sdd/contracts';

const startsWith = (bytes: Buffer, signature: number[], offset = 0): boolean => signature.every((byte, index) => bytes[offset + index] === byte);

/** What the bytes are, from their signature: a photo's Content-Type is believed only when its bytes agree. */
export function sniffImageType(bytes: Buffer): ProofPhotoType | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return undefined;
}
