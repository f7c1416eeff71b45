import { createHash, timingSafeEqual } from 'node:crypto';
import { randomToken } from '@sdd/common';

export type Mode = 'test' | 'live';

const PREFIX: Readonly<Record<Mode, string>> = { test: 'svc_test_', live: 'svc_live_' };
/** 43 base62 characters ≈ 256 random bits. */
const SECRET_LENGTH = 43;
const KEY_SHAPE = /^svc_(test|live)_[0-9A-Za-z]{43}$/;

export function generateApiKey(mode: Mode): string {
  return `${PREFIX[mode]}${randomToken(SECRET_LENGTH)}`;
}

/**
 * Keys are stored only as this hash. A fast hash is enough: keys are 256-bit
 * random, so there is nothing to brute-force, and lookups stay cheap.
 */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** The mode a well-formed key selects, or undefined for anything that cannot be one of our keys. */
export function modeOfApiKey(key: string): Mode | undefined {
  const match = KEY_SHAPE.exec(key);
  return match ? (match[1] as Mode) : undefined;
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The key from `Authorization: Bearer <key>`; undefined when the header is absent or not a bearer credential. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}
