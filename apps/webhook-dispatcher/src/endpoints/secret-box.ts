import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const KEY_BYTES = 32;

/** Short enough to keep sealed values small, long enough that two keys in use never share one. */
export function keyId(key: Buffer): string {
  return createHash('sha256').update('sameday webhook secrets key id\0').update(key).digest('base64url').slice(0, 8);
}

/** The comma list of WEBHOOK_SECRETS_OLD_KEYS (base64), blanks ignored. */
export function parseKeyList(value: string | undefined): Buffer[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => Buffer.from(item, 'base64'));
}

/**
 * Seals webhook signing secrets at rest with AES-256-GCM. A value reads
 * `v2.<kid>.<iv>.<tag>.<ciphertext>` (base64url parts): the key id says which
 * key opens it, so the key can rotate (new values take the current key, older
 * keys stay configured until every row is re-sealed or gone), and the endpoint
 * id is the AAD, so a sealed secret copied into another endpoint's row does
 * not open. `v1.<iv>.<tag>.<ciphertext>` values, written before key ids and
 * without AAD, still open with any configured key.
 */
export class SecretBox {
  private readonly keys: ReadonlyMap<string, Buffer>;
  private readonly currentId: string;

  constructor(
    private readonly current: Buffer,
    private readonly older: readonly Buffer[] = [],
  ) {
    for (const key of [current, ...older]) if (key.length !== KEY_BYTES) throw new Error(`a webhook secrets key must be ${KEY_BYTES} bytes`);
    this.currentId = keyId(current);
    this.keys = new Map([...older, current].map((key) => [keyId(key), key]));
  }

  static fromConfig(config: { WEBHOOK_SECRETS_KEY: string; WEBHOOK_SECRETS_OLD_KEYS?: string }): SecretBox {
    return new SecretBox(Buffer.from(config.WEBHOOK_SECRETS_KEY, 'base64'), parseKeyList(config.WEBHOOK_SECRETS_OLD_KEYS));
  }

  seal(plaintext: string, endpointId: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.current, iv);
    cipher.setAAD(aadFor(endpointId));
    const encrypted = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return ['v2', this.currentId, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), encrypted.toString('base64url')].join('.');
  }

  open(sealed: string, endpointId: string): string {
    const parts = sealed.split('.');
    if (parts[0] === 'v2' && parts.length === 5) {
      const [, kid, iv, tag, data] = parts;
      const key = this.keys.get(kid);
      if (!key) throw new Error(`sealed with an unknown key (${kid}): add it to WEBHOOK_SECRETS_OLD_KEYS`);
      return decrypt(key, iv, tag, data, aadFor(endpointId));
    }
    if (parts[0] === 'v1' && parts.length === 4) {
      const [, iv, tag, data] = parts;
      for (const key of [this.current, ...this.older]) {
        try {
          return decrypt(key, iv, tag, data, undefined);
        } catch {
          // Not this key: v1 values do not say which one sealed them.
        }
      }
      throw new Error('v1 sealed secret opens with none of the configured keys');
    }
    throw new Error('not a sealed secret');
  }
}

function aadFor(endpointId: string): Buffer {
  return Buffer.from(`webhook-endpoint:${endpointId}`, 'utf8');
}

function decrypt(key: Buffer, iv: string, tag: string, data: string, aad: Buffer | undefined): string {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  if (aad) decipher.setAAD(aad);
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}
