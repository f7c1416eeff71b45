/**
 * Text clean-ups the address parser needs, written as single passes. The
 * regular expressions they replace (`[\s,;.]+$` unanchored, `\([^)]*\)`)
 * rescanned the rest of the text from every start position: quadratic, 1.5 s
 * for 30,000 crafted characters.
 */

/** `text` without the leading and trailing characters that `trimmed` accepts. */
export function trimChars(text: string, trimmed: (char: string) => boolean, ends: 'both' | 'end' = 'both'): string {
  let start = 0;
  let end = text.length;
  if (ends === 'both') while (start < end && trimmed(text[start])) start++;
  while (end > start && trimmed(text[end - 1])) end--;
  return text.slice(start, end);
}

/**
 * Each "(…)" replaced by a space, as `replace(/\([^)]*\)/g, ' ')` does: from
 * an opening parenthesis to the next closing one. An opening parenthesis with
 * no closing one after it is kept, and so is everything after it.
 */
export function withoutParenthesised(text: string): string {
  let result = '';
  let from = 0;
  for (;;) {
    const open = text.indexOf('(', from);
    const close = open === -1 ? -1 : text.indexOf(')', open + 1);
    if (close === -1) return result + text.slice(from);
    result += `${text.slice(from, open)} `;
    from = close + 1;
  }
}
