import { trimChars, withoutParenthesised } from './linear-text';

const separator = (char: string) => /[\s,;.]/.test(char);

describe('trimChars', () => {
  it.each([
    ['  , Toronto ;. ', 'Toronto'],
    ['Toronto', 'Toronto'],
    [',;. ', ''],
    ['', ''],
    ['. a . b .', 'a . b'],
  ])('trims %j on both ends to %j', (text, expected) => {
    expect(trimChars(text, separator)).toBe(expected);
    expect(trimChars(text, separator)).toBe(text.replace(/^[\s,;.]+|[\s,;.]+$/g, ''));
  });

  it('trims the end only when asked, like an anchored `[\\s,;.]+$`', () => {
    expect(trimChars(' , Toronto ;. ', separator, 'end')).toBe(' , Toronto');
    expect(trimChars(',,,', separator, 'end')).toBe('');
  });

  it('is linear on a run of trimmable characters before a kept one', () => {
    const text = `${','.repeat(100_000)}x`;
    const started = performance.now();
    expect(trimChars(text, separator, 'end')).toBe(text);
    expect(trimChars(text, separator)).toBe('x');
    expect(performance.now() - started).toBeLessThan(200);
  });
});

describe('withoutParenthesised', () => {
  it.each([
    ['Montréal (Québec)', 'Montréal  '],
    ['Toronto (Downtown) (Core) East', 'Toronto     East'],
    ['a (b (c) d) e', 'a   d) e'],
    ['unclosed ( here', 'unclosed ( here'],
    ['closed (x) then unclosed ( y', 'closed   then unclosed ( y'],
    [') stray', ') stray'],
    ['()', ' '],
    ['', ''],
  ])('%j → %j, as the regular expression did', (text, expected) => {
    expect(withoutParenthesised(text)).toBe(expected);
    expect(withoutParenthesised(text)).toBe(text.replace(/\([^)]*\)/g, ' '));
  });

  it('is linear on many unclosed parentheses', () => {
    const text = `Toronto ${'('.repeat(100_000)}`;
    const started = performance.now();
    expect(withoutParenthesised(text)).toBe(text);
    expect(performance.now() - started).toBeLessThan(200);
  });
});
