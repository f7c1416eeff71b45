import { describe, expect, it } from '@jest/globals';
import { RESPONSE_EXCERPT_BYTES, responseExcerpt } from './response-excerpt';

describe('responseExcerpt', () => {
  it('keeps a short body as it is, newlines and tabs included', () => {
    expect(responseExcerpt(Buffer.from('{"error":"boom"}\n\tline 2'))).toBe('{"error":"boom"}\n\tline 2');
    expect(responseExcerpt(Buffer.alloc(0))).toBe('');
  });

  it('keeps at most the first bytes, without half a character at the cut', () => {
    const body = Buffer.from('a'.repeat(RESPONSE_EXCERPT_BYTES - 1) + 'é and more');
    const excerpt = responseExcerpt(body);
    expect(excerpt).toBe('a'.repeat(RESPONSE_EXCERPT_BYTES - 1));
    expect(Buffer.byteLength(responseExcerpt(Buffer.from('é'.repeat(RESPONSE_EXCERPT_BYTES))))).toBe(RESPONSE_EXCERPT_BYTES);
  });

  it('drops NUL and other control characters Postgres or a page would choke on', () => {
    expect(responseExcerpt(Buffer.from('ok\u0000\u0007\u001b[31mred\r\n'))).toBe('ok[31mred\r\n');
  });
});
