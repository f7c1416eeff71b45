import { requestIdFrom } from './request-id';

describe('requestIdFrom', () => {
  it('echoes a well-formed caller id', () => {
    expect(requestIdFrom('abc-123_x.y:z')).toBe('abc-123_x.y:z');
    expect(requestIdFrom(['first', 'second'])).toBe('first');
  });

  it('replaces a missing, oversized or unsafe id with a fresh one', () => {
    for (const bad of [undefined, '', 'a'.repeat(129), 'has space', 'new\nline', '<script>']) {
      expect(requestIdFrom(bad)).toMatch(/^req_[0-9A-Za-z]{24}$/);
    }
  });
});
