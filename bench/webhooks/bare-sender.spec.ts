import { bareBody } from './bare-sender';

describe('bareBody', () => {
  it('is 1 KB of JSON whose first field is the id', () => {
    const body = bareBody('bare_abc_1');
    expect(Buffer.byteLength(body)).toBe(1024);
    expect(JSON.parse(body)).toMatchObject({ id: 'bare_abc_1' });
    expect(body.startsWith('{"id":"bare_abc_1"')).toBe(true);
  });
});
