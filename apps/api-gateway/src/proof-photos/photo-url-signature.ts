import { createHmac, timingSafeEqual } from 'node:crypto';

/** The signature of a local photo URL: the key and the second it expires, under the gateway's secret. */
export function photoUrlSignature(secret: string, key: string, expires: number): string {
  return createHmac('sha256', secret).update(`proof-photo-url\n${key}\n${expires}`).digest('hex');
}

export type PhotoUrlCheck = 'valid' | 'expired' | 'invalid';

/**
 * Whether a presented URL was signed here for this key and is still valid.
 * The signature is compared in constant time before the expiry is looked at,
 * so a forged URL learns nothing from the answer's timing.
 */
export function checkPhotoUrl(secret: string, key: string, expires: string, signature: string, nowSeconds: number): PhotoUrlCheck {
  if (!/^\d{1,12}$/.test(expires) || !/^[a-f0-9]{64}$/.test(signature)) return 'invalid';
  const expected = Buffer.from(photoUrlSignature(secret, key, Number(expires)), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return 'invalid';
  return Number(expires) < nowSeconds ? 'expired' : 'valid';
}
