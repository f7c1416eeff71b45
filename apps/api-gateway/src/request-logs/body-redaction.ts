import { redactSecrets } from '@sdd/common';

export const REDACTED = '[redacted]';

/** A logged body keeps at most this many characters (after redaction); the entry says when it was cut. */
export const MAX_LOGGED_BODY_CHARS = 16 * 1024;

/** Words that make a JSON key name a secret (`client_secret`, `api_key`, `csrfToken`, `password`…). */
const SECRET_WORDS = new Set(['secret', 'password', 'passphrase', 'token', 'key', 'authorization', 'cookie', 'signature', 'cvc', 'cvv', 'pin', 'pan']);

/** A key ending in one of these names something about a secret (`token_expires_at`, `key_id`, `last4`), not the secret. */
const NOT_SECRET_ENDINGS = new Set(['at', 'id', 'ids', 'last4', 'type', 'count', 'url']);

/** Keys named like a secret that are not one: the Idempotency-Key is kept in the clear, as its own field. */
const NOT_SECRET_KEYS = new Set(['idempotency_key']);

/**
 * Pre-checks, so that the common body is kept as it is with a few linear
 * scans: a JSON key may name a secret (a secret word, or a JSON escape that
 * could spell one), or a value may be a card number; only then is the body
 * parsed. Prefixed secrets, pages' capabilities and URL passwords are found
 * by `redactSecrets` in the text itself, parsed or not (a tracking URL in
 * every delivery would otherwise make every delivery's body parsed).
 */
const MAY_NAME_SECRET = /secret|password|passphrase|token|key|authorization|cookie|signature|cvc|cvv|pin|pan|card|\\u/i;
const MAY_HOLD_CARD_NUMBER = /\d{4}[ -]?\d{4}[ -]?\d{4}/;
const MAY_HOLD_SECRET_TEXT = /svc_|whsec_|sk_|rk_|trk_|\/track\/|\/checkout\/|@/;

function wordsOf(key: string): string[] {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
}

/** Whether a JSON key names a secret: one of SECRET_WORDS, or a card number (`card_number`), unless it only describes one. */
export function isSecretKey(key: string): boolean {
  const words = wordsOf(key);
  if (words.length === 0 || NOT_SECRET_KEYS.has(words.join('_')) || NOT_SECRET_ENDINGS.has(words[words.length - 1])) return false;
  return words.some((word) => SECRET_WORDS.has(word)) || (words.includes('card') && words.includes('number'));
}

/** Whether a string is a payment card number: 12–19 digits (spaces or dashes between groups allowed) passing the Luhn check. */
export function isCardNumber(value: string): boolean {
  if (value.length > 40) return false;
  const digits = value.replace(/[ -]/g, '');
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

function redactValue(key: string, value: unknown): unknown {
  if (value === null) return value;
  if (key !== '' && isSecretKey(key)) return REDACTED;
  return typeof value === 'string' && isCardNumber(value) ? REDACTED : value;
}

export interface LoggedBody {
  /** The body as logged: JSON text with secrets replaced by "[redacted]", cut at MAX_LOGGED_BODY_CHARS; null when there was none. */
  text: string | null;
  truncated: boolean;
}

/**
 * A request or response body as the request log keeps it. JSON: the value of
 * every key naming a secret (isSecretKey) and every card number replaced,
 * whatever their depth; then, JSON or not, prefixed secrets, pages'
 * capabilities and URL passwords anywhere in the text (redactSecrets).
 * Redacted first, then cut, so a cut never leaves half a secret.
 */
export function redactBody(text: string | undefined): LoggedBody {
  if (text === undefined || text === '') return { text: null, truncated: false };
  let redacted = MAY_NAME_SECRET.test(text) || MAY_HOLD_CARD_NUMBER.test(text) ? redactJsonValues(text) : text;
  if (MAY_HOLD_SECRET_TEXT.test(redacted)) redacted = redactSecrets(redacted);
  return redacted.length > MAX_LOGGED_BODY_CHARS ? { text: redacted.slice(0, MAX_LOGGED_BODY_CHARS), truncated: true } : { text: redacted, truncated: false };
}

/** The values of secret keys and card numbers replaced; JSON written back without escapes, so redactSecrets then sees every string as it reads. Not JSON: as it is. */
function redactJsonValues(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text, redactValue));
  } catch {
    return text;
  }
}
