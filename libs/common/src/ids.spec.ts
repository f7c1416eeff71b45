import { newId, randomToken } from './ids';

describe('ids', () => {
  it('prefixes ids and uses only base62 characters', () => {
    const id = newId('qt');
    expect(id).toMatch(/^qt_[0-9A-Za-z]{24}$/);
  });

  it('honours the requested length', () => {
    expect(randomToken(40)).toHaveLength(40);
  });

  it('does not repeat across many draws', () => {
    const seen = new Set(Array.from({ length: 10000 }, () => randomToken()));
    expect(seen.size).toBe(10000);
  });
});
