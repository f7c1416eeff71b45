/** An email address anywhere in a text (a mail server's refusal quotes the one it refused). */
const EMAIL_IN_TEXT = /[^\s<>"'(),;:@]+@[^\s<>"'(),;:@]+\.[^\s<>"'(),;:@]+/g;
/** Long enough for any mail server's reply; a longer one is cut, not stored whole. */
const MAX_ERROR_LENGTH = 500;

/**
 * What an operator sees of a recipient's address: its first character and
 * its domain (`a***@example.com`), enough to tell two apart and to spot a
 * mistyped domain, not enough to write to them.
 */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${address[0]}***${address.slice(at)}`;
}

/** A mail server's refusal as it is kept: every address in it masked. */
export function maskEmailsIn(text: string): string {
  const masked = text.replace(EMAIL_IN_TEXT, maskEmail);
  return masked.length > MAX_ERROR_LENGTH ? `${masked.slice(0, MAX_ERROR_LENGTH - 1)}…` : masked;
}
