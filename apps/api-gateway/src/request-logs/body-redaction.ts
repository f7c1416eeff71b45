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
 * Any text that may hold something `redactBody` replaces: a secret word of a
 * key, a prefixed secret or a page's capability (`redactSecrets`), a JSON
 * escape that could spell any of them, or a card-number-like run of digits.
 * Text without them is kept as it is, unparsed: the common case costs two
 * linear scans (two patterns: one alternation of both costs 40 % more).
 */
const MAY_HOLD_SECRET_WORD = /secret|password|passphrase|token|key|authorization|cookie|signature|cvc|cvv|pin|pan|card|svc_|whsec_|sk_|rk_|trk_|\/track\/|\/checkout\/|\\u/i;
const MAY_HOLD_CARD_NUMBER = /\d{4}[ -]?\d{4}[ -]?\d{4}/;

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
  if (typeof value === 'string') return isCardNumber(value) ? REDACTED : redactSecrets(value);
  return value;
}

export interface LoggedBody {
  /** The body as logged: JSON text with secrets replaced by "[redacted]", cut at MAX_LOGGED_BODY_CHARS; null when there was none. */
  text: string | null;
  truncated: boolean;
}

/**
 * A request or response body as the request log keeps it. JSON: the value of
 * every key naming a secret (isSecretKey) and every card number replaced,
 * whatever their depth, and prefixed secrets in other strings too
 * (redactSecrets). Anything else (a body that is not JSON) goes through
 * redactSecrets. Redacted first, then cut, so a cut never leaves half a
 * secret.
 */
export function redactBody(text: string | undefined): LoggedBody {
  if (text === undefined || text === '') return { text: null, truncated: false };
  const redacted = MAY_HOLD_SECRET_WORD.test(text) || MAY_HOLD_CARD_NUMBER.test(text) ? redactText(text) : text;
  return redacted.length > MAX_LOGGED_BODY_CHARS ? { text: redacted.slice(0, MAX_LOGGED_BODY_CHARS), truncated: true } : { text: redacted, truncated: false };
}

function redactText(text: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text, redactValue);
  } catch {
    return redactSecrets(text);
  }
  return JSON.stringify(parsed);
}
