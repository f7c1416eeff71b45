import { isWellFormedText, printableText } from './well-formed-text';

describe('isWellFormedText', () => {
  it.each([
    ['plain ASCII', 'hello'],
    ['accents and other scripts', 'Montréal Ωμέγα 東京'],
    ['a surrogate pair (emoji)', '🚚 go'],
    ['the empty string', ''],
    ['U+FFFD itself', '\ufffd'],
  ])('accepts %s', (_name, text) => {
    expect(isWellFormedText(text)).toBe(true);
  });

  it.each([
    ['a lone high surrogate', 'a\ud800b'],
    ['a lone high surrogate at the end', 'ab\udbff'],
    ['a lone low surrogate', '\udc00ab'],
    ['a low surrogate before a high one', '\udc00\ud800'],
    ['a high surrogate followed by another high one', '\ud800\ud800\udc00'],
    ['NUL', 'a\u0000b'],
  ])('refuses %s', (_name, text) => {
    expect(isWellFormedText(text)).toBe(false);
  });

  it('checks a megabyte of text in linear time', () => {
    const text = `${'\ud800\udc00'.repeat(512 * 1024)}\ud800`;
    const started = performance.now();
    expect(isWellFormedText(text)).toBe(false);
    expect(performance.now() - started).toBeLessThan(200);
  });
});

describe('printableText', () => {
  it('shows each ill-formed character as U+FFFD and keeps the rest', () => {
    expect(printableText('or\u0000der\ud800🚚')).toBe('or\ufffdder\ufffd🚚');
  });
});
