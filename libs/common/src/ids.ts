import { createHash, randomFillSync } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Bytes drawn from the CSPRNG at a time: one call per ~80 tokens instead of one per token (a request id each, issue 16 profile). */
const POOL_BYTES = 4096;
const pool = Buffer.alloc(POOL_BYTES);
let poolOffset = POOL_BYTES;

/** The next unused byte of the pool; each is handed out once. */
function randomByte(): number {
  if (poolOffset === POOL_BYTES) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  return pool[poolOffset++];
}

/** A random base62 string; 24 characters carry ~142 bits, unguessable. */
export function randomToken(length = 24): string {
  // Rejection sampling keeps the distribution uniform (256 is not a multiple of 62).
  const limit = 256 - (256 % ALPHABET.length);
  let out = '';
  while (out.length < length) {
    const byte = randomByte();
    if (byte < limit) out += ALPHABET[byte % ALPHABET.length];
  }
  return out;
}

/** Ids are `<prefix>_<random>`, e.g. `qt_4fJ…`; the prefix says what the id names. */
export function newId(prefix: string): string {
  return `${prefix}_${randomToken()}`;
}

const DERIVED_LENGTH = 24;

/**
 * An id derived from the parts that name one request (merchant, mode, the
 * gateway's request token): every attempt of the request names the same
 * object, so a retry finds what the first attempt made. The token is
 * unguessable, so the id is too.
 */
export function derivedId(prefix: string, ...parts: string[]): string {
  let n = BigInt(`0x${createHash('sha256').update(parts.join('\n')).digest('hex')}`);
  let out = '';
  while (out.length < DERIVED_LENGTH) {
    out += ALPHABET[Number(n % 62n)];
    n /= 62n;
  }
  return `${prefix}_${out}`;
}
