/**
 * A lone UTF-16 surrogate: no UTF-8 text can carry one, so Postgres refuses
 * it. Each alternative looks at one or two characters, so a search is linear
 * in the string's length.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');
/** Postgres text cannot hold NUL either. */
const NUL = '\u0000';

/** False for text Postgres cannot store: a lone surrogate or a NUL. */
export function isWellFormedText(text: string): boolean {
  return !text.includes(NUL) && !LONE_SURROGATE.test(text);
}

/** Text (a JSON key, say) as it can be shown in an error: every character Postgres refuses shown as U+FFFD. */
export function printableText(text: string): string {
  return text.replaceAll(NUL, '\ufffd').replace(LONE_SURROGATES, '\ufffd');
}
