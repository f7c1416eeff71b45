import { assertTestDatabase, uniquePrefix } from './test-env';

describe('test environment guard', () => {
  it('accepts a database whose name says test', () => {
    expect(() => assertTestDatabase('postgres://u:p@127.0.0.1:5432/sameday_test')).not.toThrow();
  });

  it('refuses any other database', () => {
    expect(() => assertTestDatabase('postgres://u:p@127.0.0.1:5432/sameday')).toThrow(/must contain "test"/);
  });

  it('makes prefixes that are distinct and safe as identifiers', () => {
    const a = uniquePrefix('Bus Client!');
    const b = uniquePrefix('Bus Client!');
    expect(a).toMatch(/^t_busclient_[0-9a-f]{8}$/);
    expect(a).not.toBe(b);
  });
});
