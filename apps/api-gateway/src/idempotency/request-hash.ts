import { createHash } from 'node:crypto';

/** Key order does not make two bodies different. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

export function requestHash(body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(canonical(body ?? {})))
    .digest('hex');
}

const KEY_SHAPE = /^[\x21-\x7e]{1,255}$/;

/** Printable ASCII without spaces, 1–255 characters: what fits in a header and a log line safely. */
export function isValidIdempotencyKey(key: string): boolean {
  return KEY_SHAPE.test(key);
}
