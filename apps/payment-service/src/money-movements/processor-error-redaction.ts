const REDACTED = '[redacted]';
/** Long enough for any processor message; a longer one is cut, not stored whole. */
const MAX_LENGTH = 500;

/** API keys (secret, restricted, publishable), webhook signing secrets, client secrets. */
const SECRET = /\b(?:(?:sk|rk|pk)_(?:test|live)_[0-9A-Za-z_]+|whsec_[0-9A-Za-z_]+|[a-z]+_[0-9A-Za-z]+_secret_[0-9A-Za-z_]+)/g;
/** A card number as people write one: 12 to 19 digits, spaces or dashes between groups allowed. */
const CARD_NUMBER = /\b\d(?:[ -]?\d){11,18}\b/g;

/**
 * A processor's refusal as it is kept and shown to operators (last_error):
 * the processor's message says what went wrong, but nothing that authenticates
 * or pays may sit in the database or reach a screen.
 */
export function redactProcessorError(message: string): string {
  const redacted = message.replace(SECRET, REDACTED).replace(CARD_NUMBER, REDACTED);
  return redacted.length > MAX_LENGTH ? `${redacted.slice(0, MAX_LENGTH - 1)}…` : redacted;
}
