import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const DEVELOPMENT_KEY = createHash('sha256').update('sameday development webhook secrets key').digest();

/** The key from config, or the development key outside production. */
export function secretsKey(base64: string | undefined, nodeEnv: string | undefined): Buffer {
  if (base64) return Buffer.from(base64, 'base64');
  if (nodeEnv === 'production') throw new Error('WEBHOOK_SECRETS_KEY is required in production');
  return DEVELOPMENT_KEY;
}

/** AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>`, base64url parts; tampering fails decryption. */
export function seal(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const encrypted = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), encrypted.toString('base64url')].join('.');
}

export function open(key: Buffer, sealed: string): string {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('not a sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}
