import { randomBytes, scrypt, ScryptOptions, timingSafeEqual } from 'node:crypto';

/** The shortest password a member may choose. */
export const MIN_PASSWORD_LENGTH = 12;

/**
 * One of OWASP's equivalent scrypt minimums (N=2^15, r=8, p=3): 32 MiB per
 * hash rather than the 128 MiB of N=2^17, p=1, so the four hashes libuv's
 * pool runs at once fit in the gateway's 384 MiB.
 */
const PARAMETERS = { N: 2 ** 15, r: 8, p: 3 } as const;
const KEY_LENGTH = 32;
const SALT_BYTES = 16;
/** Room for stored parameters up to N=2^17 with r=8 (128 MiB), should they rise. */
const MAX_MEMORY = 256 * 1024 * 1024;

function derive(password: string, salt: Buffer, options: ScryptOptions, length: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, length, { ...options, maxmem: MAX_MEMORY }, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/**
 * `scrypt$N$r$p$salt$hash` (salt and hash in base64url): the parameters are
 * stored with the hash, so raising them later leaves old hashes verifiable.
 */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const hash = await derive(password, salt, PARAMETERS, KEY_LENGTH);
  return ['scrypt', PARAMETERS.N, PARAMETERS.r, PARAMETERS.p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

/** Whether `password` is the one `stored` was made from; compared in constant time. A malformed `stored` never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  const expected = Buffer.from(hash ?? '', 'base64url');
  if (scheme !== 'scrypt' || !salt || expected.length === 0) return false;
  const options = { N: Number(n), r: Number(r), p: Number(p) };
  if (![options.N, options.r, options.p].every((value) => Number.isSafeInteger(value) && value > 0)) return false;
  const actual = await derive(password, Buffer.from(salt, 'base64url'), options, expected.length);
  return timingSafeEqual(actual, expected);
}

/**
 * A hash of a password nobody has, verified when the email names no member,
 * so that a wrong email costs the same time as a wrong password.
 */
export const UNKNOWN_MEMBER_HASH = hashPassword(randomBytes(32).toString('base64url'));
